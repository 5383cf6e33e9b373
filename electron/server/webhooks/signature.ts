// Stripe-style signatures: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`.
// The timestamp is signed with the body, so a receiver that rejects old ones
// cannot be replayed a captured delivery later.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new hook's signing secret. */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

const hmac = (secret: string, t: number, body: string) => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

export function sign(secret: string, body: string, nowMs: number): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${hmac(secret, t, body)}`;
}

/** What a receiver does (README): the signature matches, in constant time, and is no older than `toleranceS`. */
export function verify(secret: string, body: string, header: string, nowMs: number, toleranceS = 300): boolean {
  const parts = new Map(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowMs / 1000 - t) > toleranceS || !/^[0-9a-f]{64}$/.test(v1)) return false;
  return timingSafeEqual(Buffer.from(v1, 'hex'), Buffer.from(hmac(secret, t, body), 'hex'));
}
