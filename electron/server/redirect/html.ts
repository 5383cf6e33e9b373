// The one way HTML leaves the redirect server: text goes through `esc`, the
// page shell is fixed, and the Content-Security-Policy allows no script and no
// style but the exact hashes of the ones this file and pixels.ts write.
// Every page is written in the visitor's language (Accept-Language, else the
// instance's --language): `<html lang dir>`, Content-Language, and Vary.
import { createHash } from 'node:crypto';
import { defineMessages } from '@formatjs/intl';
import type { FastifyReply } from 'fastify';
import { defaultPageTexts, type PageText, type PageTexts } from '../i18n/page-text.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The visitor pages' languages (app.ts); absent, pages are English. */
    pageTexts?: PageTexts;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Escapes for element text and quoted attribute values alike. */
export const esc = (v: unknown): string => String(v ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** JSON for a `<script type="application/json">` block: no `<`, `>` or `&` can close or confuse it. */
export const jsonForScript = (v: unknown): string =>
  JSON.stringify(v).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export const sha256Source = (source: string) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;

const STYLE = [
  ':root{color-scheme:light dark;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;background:#fff;color:#1b1b1b}',
  // Dark pages say their colours too: text, links and errors readable on the dark background (WCAG AA), as on the light one.
  '@media (prefers-color-scheme:dark){:root{background:#141414;color:#ececec}a{color:#9ec1ff}.error{color:#ff8787}}',
  'body{max-width:44rem;margin:3rem auto;padding:0 1rem}',
  'h1{font-size:1.6rem;margin:0 0 1rem}h2{font-size:1.1rem;margin:2rem 0 .5rem}',
  'p,li{overflow-wrap:anywhere}.muted{opacity:.7}.error{color:#c92a2a;font-weight:600}',
  'form{display:flex;gap:.5rem;flex-wrap:wrap;align-items:center}input,button{font:inherit;padding:.4rem .7rem}',
  // Logical sides: the same rules lay out a right-to-left page (Arabic) mirrored.
  'table{border-collapse:collapse;width:100%}td,th{text-align:start;padding-block:.2rem;padding-inline:0 .5rem;vertical-align:middle}',
  'td.n{text-align:end;font-variant-numeric:tabular-nums}progress{width:10rem}',
  'select,textarea{font:inherit;padding:.4rem .7rem}textarea{width:100%;box-sizing:border-box}',
  'form.report{flex-direction:column;align-items:stretch;gap:.3rem;max-width:32rem}form.report label{margin-top:.5rem}form.report button{align-self:flex-start;margin-top:.5rem}',
  '.report-box{margin-top:2.5rem}summary{cursor:pointer}form.report p{margin:0}',
  'footer{margin-top:3rem;font-size:.8rem;color:#595959}footer a{color:inherit}@media (prefers-color-scheme:dark){footer{color:#b0b0b0}}',
].join('');
const STYLE_HASH = sha256Source(STYLE);

export interface CspSources { script?: string[]; img?: string[]; connect?: string[]; frame?: string[]; formAction?: string[] }

export function csp(s: CspSources = {}): string {
  const list = (v: string[] | undefined) => (v && v.length ? v.join(' ') : "'none'");
  return [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    `script-src ${list(s.script)}`,
    `img-src ${list(s.img)}`,
    `connect-src ${list(s.connect)}`,
    `frame-src ${list(s.frame)}`,
    `form-action ${list(s.formAction)}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export interface Page {
  status: number;
  title: string;
  /** Already-escaped HTML for the body. */
  body: string;
  head?: string;
  csp?: CspSources;
  headers?: Record<string, string>;
}

const m = defineMessages({
  footer: { id: 'page.shell.footer', defaultMessage: 'Short links by {product}', description: 'Footer of every visitor page; {product} is Linkdesk' },
  geoip: { id: 'page.shell.geoip', defaultMessage: 'IP geolocation by DB-IP', description: 'Footer link to db-ip.com, the attribution its licence (CC BY 4.0) asks for' },
});

/** A page in the visitor's language: `t` writes its words. */
export type PageOf = (t: PageText) => Page;

export function renderPage(p: Pick<Page, 'title' | 'body' | 'head'>, t: PageText = defaultPageTexts().of('en')): string {
  const footer = `<footer>${t.html(m.footer, { product: 'Linkdesk' })} · <a href="https://db-ip.com">${t.html(m.geoip)}</a></footer>`;
  return `<!doctype html>
<html lang="${esc(t.locale)}" dir="${t.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(p.title)}</title>
<style>${STYLE}</style>
${p.head ?? ''}
</head>
<body>
<main>
${p.body}
</main>
${footer}
</body>
</html>
`;
}

/** The visitor's language for this request. */
export const pageTextOf = (reply: FastifyReply): PageText =>
  (reply.server.pageTexts ?? defaultPageTexts()).forHeader(reply.request.headers['accept-language']);

/** Vary headers' names merged, each once (case-insensitive), in order of appearance. */
export function varyWith(...values: unknown[]): string {
  const out: string[] = [];
  for (const v of values.flatMap((x) => String(x ?? '').split(','))) {
    const name = v.trim();
    if (name && !out.some((o) => o.toLowerCase() === name.toLowerCase())) out.push(name);
  }
  return out.includes('*') ? '*' : out.join(', ');
}

/** `page`: a page, or how to write it in the visitor's language (every page with words does). */
export function sendPage(reply: FastifyReply, page: Page | PageOf): FastifyReply {
  const t = pageTextOf(reply);
  const p = typeof page === 'function' ? page(t) : page;
  const { vary, ...headers } = p.headers ?? {};
  reply.code(p.status).headers({
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': csp(p.csp),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    ...headers,
    'content-language': t.locale,
    vary: varyWith(reply.getHeader('vary'), vary, 'Accept-Language'),
  });
  return reply.send(renderPage(p, t));
}
