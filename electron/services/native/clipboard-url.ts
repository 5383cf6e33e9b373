// What the clipboard holds, for "shorten what I just copied": one http(s)
// address (trimmed, unwrapped from <…> or quotes), or a sentence saying why
// there is nothing to shorten. Nothing here reads the clipboard itself; main
// passes its text in. The sentence is in the current language.
import { defineMessages } from '@formatjs/intl';
import { t } from '../i18n/current.ts';

const m = defineMessages<{
  image: {}; empty: {}; several: { count: number }; text: { text: string }; textHint: { text: string }; tooLong: { max: number };
  notHttp: { scheme: string }; noHost: { text: string }; alreadyShort: { address: string };
}>({
  image: { id: 'desktop.clipboard.image', defaultMessage: 'The clipboard holds an image, not a web address. Copy a link first.' },
  empty: { id: 'desktop.clipboard.empty', defaultMessage: 'The clipboard is empty. Copy a web address first.' },
  several: { id: 'desktop.clipboard.several', defaultMessage: 'The clipboard holds {count, plural, one {# address} other {# addresses}}. Copy just one.' },
  text: { id: 'desktop.clipboard.text', defaultMessage: 'The clipboard holds text, not a web address: “{text}”.', description: 'text: the start of what was copied' },
  textHint: { id: 'desktop.clipboard.textHint', defaultMessage: 'The clipboard holds text, not a web address: “{text}”. Copy the whole address, starting with https://.', description: 'text looks like a host name without https://' },
  tooLong: { id: 'desktop.clipboard.tooLong', defaultMessage: 'The address on the clipboard is longer than {max, number} characters.' },
  notHttp: { id: 'desktop.clipboard.notHttp', defaultMessage: 'Only http:// and https:// addresses can be shortened; the clipboard holds a {scheme} address.', description: 'scheme: e.g. mailto:' },
  noHost: { id: 'desktop.clipboard.noHost', defaultMessage: 'The clipboard holds an address without a host: “{text}”.' },
  alreadyShort: { id: 'desktop.clipboard.alreadyShort', defaultMessage: '{address} is already a short link of this instance.' },
});

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
      return { ok: false, reason: 'image', message: t().formatMessage(m.image) };
    }
    return { ok: false, reason: 'empty', message: t().formatMessage(m.empty) };
  }
  const lines = trimmed.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  if (lines.length > 1) {
    const urls = lines.filter((l) => asUrl(unwrap(l)));
    if (urls.length > 1) return { ok: false, reason: 'several', message: t().formatMessage(m.several, { count: urls.length }) };
    return { ok: false, reason: 'not-url', message: t().formatMessage(m.text, { text: preview(trimmed) }) };
  }
  const candidate = unwrap(trimmed);
  if (candidate.length > MAX_URL_LENGTH) {
    return { ok: false, reason: 'too-long', message: t().formatMessage(m.tooLong, { max: MAX_URL_LENGTH }) };
  }
  const url = asUrl(candidate);
  if (!url || !/^[a-z][a-z0-9+.-]*:/i.test(candidate)) {
    const hint = /^[\w-]+(\.[\w-]+)+(\/\S*)?$/.test(candidate);
    return { ok: false, reason: 'not-url', message: t().formatMessage(hint ? m.textHint : m.text, { text: preview(candidate) }) };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: 'not-http', message: t().formatMessage(m.notHttp, { scheme: url.protocol }) };
  }
  if (!url.hostname) return { ok: false, reason: 'not-url', message: t().formatMessage(m.noHost, { text: preview(candidate) }) };
  if (opts.shortHosts?.some((h) => h.toLowerCase() === url.host.toLowerCase()) && url.pathname.length > 1) {
    return { ok: false, reason: 'already-short', message: t().formatMessage(m.alreadyShort, { address: preview(candidate) }) };
  }
  return { ok: true, url: candidate };
}
