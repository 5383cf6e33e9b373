// What a host ban reaches. Until part A's abuse/url-host.ts and
// abuse/link-destinations.ts are merged, the two small functions here stand
// in for them; the lead swaps them for A's (`hostOf`, `destinationsOf`).
import { parseTargets } from '../api/link-input.ts';

/** The host a browser would contact: WHATWG parsing (user-info dropped, IDN to punycode, IPv4 forms made dotted), lower case, no trailing dot. */
export function hostOf(url: string): string | null {
  const u = URL.parse(url);
  if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:')) return null;
  return u.hostname.toLowerCase().replace(/\.+$/, '') || null;
}

/** The host an admin typed (a name or a URL) in the form hostOf gives, or null when it is not one. */
export function bannableHost(input: string): string | null {
  const t = input.trim().replace(/^\*\./, '');
  if (!t) return null;
  return hostOf(/^https?:\/\//i.test(t) ? t : `http://${t}/`);
}

/** `host` is `banned` or a subdomain of it. */
export const onHost = (host: string, banned: string): boolean => host === banned || host.endsWith(`.${banned}`);

interface Destinations { url: string; expiration_url: string | null; targets: string | null; rules: string | null }

/** Every address a stored link can send a visitor to: url, expiration_url, every target of every type, every rule URL. */
export function destinationUrls(link: Destinations): string[] {
  const out = [link.url];
  if (link.expiration_url) out.push(link.expiration_url);
  for (const list of Object.values(parseTargets(link.targets ?? '{}'))) for (const e of list ?? []) out.push(e.value);
  if (link.rules) {
    for (const r of JSON.parse(link.rules) as { url?: string; rotation?: { url: string }[] }[]) {
      if (r.url) out.push(r.url);
      for (const e of r.rotation ?? []) out.push(e.url);
    }
  }
  return out;
}

/** Whether any destination of `link` is on `host` or a subdomain. */
export const linkOnHost = (link: Destinations, host: string): boolean =>
  destinationUrls(link).some((u) => {
    const h = hostOf(u);
    return h !== null && onHost(h, host);
  });
