// Whether a form POST to the redirect server (consent, sensitive warning,
// password) came from this server's own pages. Our forms post to the page's
// own address, so the browser names that address: in Sec-Fetch-Site, in
// Origin (every current browser sends it on a POST; our form pages send
// `Referrer-Policy: same-origin` so that it is the real origin, not "null"),
// or, from older browsers, in Referer. A form on another site could otherwise
// accept tracking in the visitor's name (a 30-day cookie), skip the sensitive
// warning, or spend the visitor's password attempts on a link.
import type { IncomingHttpHeaders } from 'node:http';
import { defineMessages } from '@formatjs/intl';
import type { PageText } from '../i18n/page-text.ts';
import { esc, type Page } from './html.ts';

const m = defineMessages({
  title: { id: 'page.elsewhere.title', defaultMessage: 'Form sent from another site', description: 'A form answer (consent, password, report) posted by another website' },
  heading: { id: 'page.elsewhere.heading', defaultMessage: 'This form was sent from another site' },
  body: {
    id: 'page.elsewhere.body',
    defaultMessage: 'Answers to this page are only taken from the page itself, so that no other site can answer in your name. Nothing was changed.',
  },
  again: { id: 'page.elsewhere.again', defaultMessage: '<a>Open the link again</a> to continue.', description: '<a>…</a>: a link to the short link' },
});

/** A URL's host name as domains store it (lower case, no trailing dot); null when it is not an http(s) URL. */
function hostNameOf(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  const h = u.hostname.toLowerCase();
  return h.endsWith('.') ? h.slice(0, -1) : h;
}

/**
 * Why a POST to `host` is refused as sent from elsewhere; null when it may be
 * answered. Ours: the Host the request was sent to, and the instance's own
 * host (`own`, from its base URL: a proxy that does not pass Host on leaves
 * the server its own address instead). The host name alone is compared, not
 * the port or scheme: behind a proxy the Host the server sees often lacks the
 * public port. `Origin: null` is refused: our pages never send it (see
 * above), while a sandboxed frame, a data: URL or a page with
 * `Referrer-Policy: no-referrer` on another site does, and it is the easy way
 * for such a site to hide where it is. A request
 * with neither Origin nor Referer is let through: old browsers and privacy
 * settings send neither, and current browsers always send Origin on a POST.
 */
export function elsewhere(h: IncomingHttpHeaders, host: string, own: string): string | null {
  const ours = (url: string) => {
    const name = hostNameOf(url);
    return name !== null && (name === host || name === own);
  };
  const site = h['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return `Sec-Fetch-Site: ${site}`;
  const origin = h.origin;
  if (origin !== undefined) return ours(origin) ? null : `Origin: ${origin}`;
  const referer = h.referer;
  if (referer !== undefined) return ours(referer) ? null : 'Referer of another site';
  return null;
}

/** `self`: the link's own address (a safe path, plugin.ts selfLocation). */
export const elsewherePage = (t: PageText, self: string): Page => ({
  status: 403,
  title: t.text(m.title),
  body: `<h1>${t.html(m.heading)}</h1>
<p>${t.html(m.body)}</p>
<p>${t.html(m.again, {}, { a: (s) => `<a href="${esc(self)}">${s}</a>` })}</p>`,
});
