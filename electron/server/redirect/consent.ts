// What a visitor chose on a link's consent and sensitive-content pages, and
// the token that carries a counted click's destination (as chosen, before the
// visitor's query is added) to the Accept and Decline answers. The click is
// counted on the GET that shows the consent page; the choice comes back as a POST that counts nothing and can only send
// the visitor where that click chose: the destination travels signed (HMAC,
// per-instance secret) together with the link's id and an expiry, so the
// POST is no open redirect and replaying it inflates no count.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readCookie } from './access.ts';

export type ConsentChoice = 'accept' | 'decline';

const CONSENT_SECONDS = 30 * 86_400;
const TOKEN_SECONDS = 60 * 60;
const consentCookie = (linkId: number) => `ld_consent_${linkId}`;
const sensitiveCookie = (linkId: number) => `ld_sensitive_${linkId}`;

/**
 * Scoped to the link's own path: `/<alias>` is sent with `/<alias>` and its
 * query strings but not with `/<alias>+` or another link's requests, so a
 * visitor's many links do not all ride along on every redirect.
 */
// Percent-encoded as the browser sends the path (an alias may be `café`; a header holds ASCII only).
const attributes = (alias: string, secure: boolean) => `Path=/${encodeURIComponent(alias)}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/** The choice this browser made for the link, if any. Unsigned: it is the visitor's own to change. */
export function consentOf(cookieHeader: string | undefined, linkId: number): ConsentChoice | undefined {
  const v = readCookie(cookieHeader, consentCookie(linkId));
  return v === 'accept' || v === 'decline' ? v : undefined;
}

/** A Set-Cookie value remembering the choice for 30 days. */
export const rememberConsent = (linkId: number, alias: string, choice: ConsentChoice, secure: boolean) =>
  `${consentCookie(linkId)}=${choice}; Max-Age=${CONSENT_SECONDS}; ${attributes(alias, secure)}`;

export const sensitiveSeen = (cookieHeader: string | undefined, linkId: number) => readCookie(cookieHeader, sensitiveCookie(linkId)) === '1';

/** A session cookie (no Max-Age): the warning comes back in the next browser session. */
export const rememberSensitive = (linkId: number, alias: string, secure: boolean) => `${sensitiveCookie(linkId)}=1; ${attributes(alias, secure)}`;

export function createConsentTokens(secret: Buffer, now: () => number) {
  const mac = (payload: string) => createHmac('sha256', secret).update(`consent\n${payload}`).digest('base64url');
  return {
    /** `<payload>.<mac>`, the payload being base64url JSON of the link, the destination and the expiry. */
    issue(linkId: number, to: string): string {
      const payload = Buffer.from(JSON.stringify({ l: linkId, to, e: Math.floor(now() / 1000) + TOKEN_SECONDS })).toString('base64url');
      return `${payload}.${mac(payload)}`;
    },
    /** The destination a token carries for this link; null when it is forged, for another link, or expired. */
    open(linkId: number, token: unknown): string | null {
      if (typeof token !== 'string' || token.length > 4096) return null;
      const m = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!m || !timingSafeEqual(Buffer.from(m[2]!), Buffer.from(mac(m[1]!)))) return null;
      const data = JSON.parse(Buffer.from(m[1]!, 'base64url').toString('utf8')) as { l: number; to: string; e: number };
      return data.l === linkId && data.e * 1000 > now() && /^https?:\/\//i.test(data.to) ? data.to : null;
    },
  };
}
export type ConsentTokens = ReturnType<typeof createConsentTokens>;
