// Link passwords are chosen by people, so they are stored with scrypt; API keys
// are 40 random base62 characters, so a SHA-256 of them is enough and keeps
// every authenticated request cheap.
import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, 32, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n), r: Number(r), p: Number(p), maxmem: PARAMS.maxmem,
  });
  return timingSafeEqual(actual, expected);
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const randomBase62 = (length: number) => Array.from({ length }, () => BASE62[randomInt(62)]).join('');

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export const KEY_PREFIX_LENGTH = 8;
/** `ldk_` + 8-character lookup prefix + 32 secret characters. */
export function newApiKey(): { key: string; prefix: string; hash: string } {
  const prefix = randomBase62(KEY_PREFIX_LENGTH);
  const key = `ldk_${prefix}${randomBase62(32)}`;
  return { key, prefix, hash: sha256(key) };
}

export function parseApiKey(key: string): { prefix: string } | null {
  return /^ldk_[0-9A-Za-z]{40}$/.test(key) ? { prefix: key.slice(4, 4 + KEY_PREFIX_LENGTH) } : null;
}

export const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
