// What a host ban reaches: a host as an admin types it, and whether a stored
// link has a destination on it (url-host.ts and link-destinations.ts read the
// link as a browser would).
import { destinationsOf } from './link-destinations.ts';
import { hostOf } from './url-host.ts';

/** The host an admin typed (a name or a URL) in the form hostOf gives, or null when it is not one. */
export function bannableHost(input: string): string | null {
  const t = input.trim().replace(/^\*\./, '');
  if (!t) return null;
  return hostOf(/^https?:\/\//i.test(t) ? t : `http://${t}/`);
}

/** `host` is `banned` or a subdomain of it. */
export const onHost = (host: string, banned: string): boolean => host === banned || host.endsWith(`.${banned}`);

interface Destinations { url: string; expiration_url: string | null; targets: string | null; rules: string | null }

/** Whether any destination of `link` (url, expiration_url, every target, every rule URL) is on `host` or a subdomain. */
export const linkOnHost = (link: Destinations, host: string): boolean =>
  destinationsOf(link).some(({ url }) => {
    const h = hostOf(url);
    return h !== null && onHost(h, host);
  });
