// The host a browser would contact for a URL, in one canonical spelling, so a
// blocklist compares like with like whatever tricks the URL was written with.
// WHATWG URL parsing (what browsers do) already strips tabs and newlines, reads
// `\` as `/`, drops user-info (`https://good.com@evil.com` goes to evil.com),
// decodes percent-escapes in the host, maps full-width characters, turns an
// IPv4 address in any notation (2130706433, 0x7f.0.0.1, 0177.0.0.1, 127.1)
// into dotted decimal and an internationalised name into punycode, lower case.
// Here: trailing dots go (`evil.com.` is evil.com), an IPv6 address loses its
// brackets, and an IPv4-mapped IPv6 address (::ffff:7f00:1) is its IPv4 address.

/** `::ffff:7f00:1` → `127.0.0.1`; null for any other address. */
function mappedIPv4(v6: string): string | null {
  const m = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(v6);
  if (!m) return null;
  const hi = parseInt(m[1]!, 16);
  const lo = parseInt(m[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** The canonical form of a hostname WHATWG URL gave (already lower case, punycode, dotted IPv4). */
export function canonicalHostname(hostname: string): string {
  if (hostname.startsWith('[')) {
    const v6 = hostname.slice(1, -1);
    return mappedIPv4(v6) ?? v6;
  }
  return hostname.replace(/\.+$/, '');
}

/**
 * The host a browser would contact for `url`, canonical (see above); null for
 * what is not an http(s) URL with a host.
 */
export function hostOf(url: string): string | null {
  // The common case without building a URL: a lower-case ASCII name, no user-info, escapes,
  // dots at the end, spaces, or a last label a browser would read as an IPv4 number.
  const m = PLAIN.exec(url);
  if (m && !NUMERIC_LAST.test(m[1]!) && (m[2] === undefined || Number(m[2]) <= 65535)) return m[1]!;
  return parsedHostOf(url);
}

const PLAIN = /^https?:\/\/([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)(?::(\d{1,5}))?(?:[/?#]|$)/;
const NUMERIC_LAST = /(?:^|\.)(?:\d+|0x[0-9a-f]*)$|(?:^|\.)xn--/;

/** hostOf the long way: WHATWG URL parsing. */
export function parsedHostOf(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  const host = canonicalHostname(u.hostname);
  return host || null;
}

/**
 * A host as an admin types it for a blocklist (`Evil.COM.`, `bücher.example`,
 * `[::1]`, `0x7f.1`, `*.evil.com`, or a whole URL) in hostOf's spelling;
 * null when it names no host. A leading `*.` is kept: it and every subdomain.
 */
export function canonicalHostEntry(entry: string): string | null {
  let text = entry.trim();
  const wildcard = text.startsWith('*.');
  if (wildcard) text = text.slice(2);
  if (!text) return null;
  const host = /^https?:/i.test(text) ? hostOf(text) : hostOf(`http://${text.includes(':') && !text.startsWith('[') && !/^[^:]+:\d+$/.test(text) ? `[${text}]` : text}/`);
  if (!host) return null;
  return wildcard ? `*.${host}` : host;
}
