// What the clipboard holds, for "shorten what I just copied": one http(s)
// address (trimmed, unwrapped from <…> or quotes), or a sentence saying why
// there is nothing to shorten. Nothing here reads the clipboard itself; main
// passes its text in.

export type ClipboardReading =
  | { ok: true; url: string }
  | { ok: false; reason: 'empty' | 'image' | 'not-url' | 'not-http' | 'several' | 'too-long' | 'already-short'; message: string };

export const MAX_URL_LENGTH = 2048;

const preview = (s: string) => {
  const line = s.replace(/\s+/g, ' ').trim();
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
};

function unwrap(s: string): string {
  const t = s.trim();
  const pairs: [string, string][] = [['<', '>'], ['"', '"'], ["'", "'"], ['(', ')'], ['“', '”']];
  for (const [open, close] of pairs) {
    if (t.length > 2 && t.startsWith(open) && t.endsWith(close)) return t.slice(1, -1).trim();
  }
  return t;
}

function asUrl(s: string): URL | null {
  if (/\s/.test(s)) return null;
  try {
    return new URL(s);
  } catch {
    return null;
  }
}

/**
 * `shortHosts`: the hosts of the chosen instance's own short links (its base
 * URL and its domains); shortening one of those again only makes a chain.
 */
export function readClipboardUrl(text: string, opts: { hasImage?: boolean; shortHosts?: readonly string[] } = {}): ClipboardReading {
  const trimmed = text.trim();
  if (!trimmed) {
    if (opts.hasImage) {
      return { ok: false, reason: 'image', message: 'The clipboard holds an image, not a web address. Copy a link first.' };
    }
    return { ok: false, reason: 'empty', message: 'The clipboard is empty. Copy a web address first.' };
  }
  const lines = trimmed.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  if (lines.length > 1) {
    const urls = lines.filter((l) => asUrl(unwrap(l)));
    if (urls.length > 1) return { ok: false, reason: 'several', message: `The clipboard holds ${urls.length} addresses. Copy just one.` };
    return { ok: false, reason: 'not-url', message: `The clipboard holds text, not a web address: “${preview(trimmed)}”.` };
  }
  const candidate = unwrap(trimmed);
  if (candidate.length > MAX_URL_LENGTH) {
    return { ok: false, reason: 'too-long', message: `The address on the clipboard is longer than ${MAX_URL_LENGTH} characters.` };
  }
  const url = asUrl(candidate);
  if (!url || !/^[a-z][a-z0-9+.-]*:/i.test(candidate)) {
    const hint = /^[\w-]+(\.[\w-]+)+(\/\S*)?$/.test(candidate) ? ' Copy the whole address, starting with https://.' : '';
    return { ok: false, reason: 'not-url', message: `The clipboard holds text, not a web address: “${preview(candidate)}”.${hint}` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: 'not-http', message: `Only http:// and https:// addresses can be shortened; the clipboard holds a ${url.protocol} address.` };
  }
  if (!url.hostname) return { ok: false, reason: 'not-url', message: `The clipboard holds an address without a host: “${preview(candidate)}”.` };
  if (opts.shortHosts?.some((h) => h.toLowerCase() === url.host.toLowerCase()) && url.pathname.length > 1) {
    return { ok: false, reason: 'already-short', message: `${preview(candidate)} is already a short link of this instance.` };
  }
  return { ok: true, url: candidate };
}
