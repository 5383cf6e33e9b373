// What a visitor chose on a link's consent and sensitive-content pages, and
// the token that carries a counted click's destination (as chosen, before the
// visitor's query is added) to the Accept and Decline answers. The click is
// counted on the GET that shows the consent page; the choice comes back as a POST that counts nothing and can only send
// the visitor where that click chose: the destination travels signed (HMAC,
// per-instance secret) together with the link's id and an expiry, so the
// POST is no open redirect and replaying it inflates no count. The MAC also
// covers the link's state as it was when the page was shown (linkState): once
// the owner changes where the link goes or whether it is open, an older token
// opens nothing and the visitor goes back to the link, whose GET answers what
// applies now.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RedirectLink } from '../db/repositories/redirect-repository.ts';
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

/**
 * What a token is bound to: where the link sends visitors (url, targeting,
 * rules), whether and when it is open (disabled, active period, click limit,
 * expiration page), and what stands before it (password, sensitive warning,
 * pixels). Not the click counter: the token's own click was counted within
 * the limit, and other visitors' clicks after it do not take it back.
 * Only its MAC is sent, never the fields (a password hash among them).
 */
export const linkState = (l: RedirectLink): string => JSON.stringify([
  l.url, l.target_type, l.targets, l.rules, l.disabled, l.starts_at, l.ends_at, l.expiration_clicks, l.expiration_url,
  l.password_hash, l.sensitive_content, l.has_pixels,
]);

export function createConsentTokens(secret: Buffer, now: () => number) {
  const mac = (payload: string, state: string) => createHmac('sha256', secret).update(`consent\n${payload}\n${state}`).digest('base64url');
  return {
    /** `<payload>.<mac>`: the payload is base64url JSON of the link's id, the destination and the expiry; the MAC also covers the link's state. */
    issue(link: RedirectLink, to: string): string {
      const payload = Buffer.from(JSON.stringify({ l: link.id, to, e: Math.floor(now() / 1000) + TOKEN_SECONDS })).toString('base64url');
      return `${payload}.${mac(payload, linkState(link))}`;
    },
    /** The destination a token carries for this link as it is now; null when forged, for another link, expired, or the link has changed since. */
    open(link: RedirectLink, token: unknown): string | null {
      if (typeof token !== 'string' || token.length > 4096) return null;
      const m = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!m || !timingSafeEqual(Buffer.from(m[2]!), Buffer.from(mac(m[1]!, linkState(link))))) return null;
      const data = JSON.parse(Buffer.from(m[1]!, 'base64url').toString('utf8')) as { l: number; to: string; e: number };
      return data.l === link.id && data.e * 1000 > now() && /^https?:\/\//i.test(data.to) ? data.to : null;
    },
  };
}
export type ConsentTokens = ReturnType<typeof createConsentTokens>;
