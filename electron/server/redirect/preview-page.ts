// The page a link-preview crawler gets instead of the redirect: Open Graph and
// Twitter Card tags from the link's preview fields. Every value goes through
// esc(); the image is printed only as an http(s) URL, and the page itself
// loads nothing (the default CSP: no script, no image, no frame).
import type { RedirectLink } from '../db/repositories/redirect-repository.ts';
import { esc, type Page } from './html.ts';
import { FORM_HEADERS } from './pages.ts';
import { isHttpUrl } from './targeting.ts';

type Preview = Pick<RedirectLink, 'preview_title' | 'preview_description' | 'preview_image' | 'title'>;

export const hasPreview = (l: Preview): boolean =>
  l.preview_title !== null || l.preview_description !== null || l.preview_image !== null;

const meta = (attr: 'property' | 'name', key: string, value: string) => `<meta ${attr}="${key}" content="${esc(value)}">`;

/** `report`: the "Report this link" form (abuse/report-form.ts), already HTML. */
export function previewPage(link: Preview, shortUrl: string, report = ''): Page {
  // Without its own title the card takes the destination's, as a crawler following the redirect would have.
  const title = link.preview_title ?? link.title ?? shortUrl;
  const description = link.preview_description;
  const image = isHttpUrl(link.preview_image) ? link.preview_image : null;
  const tags = [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:url', shortUrl),
    meta('property', 'og:title', title),
    description !== null && meta('property', 'og:description', description),
    image !== null && meta('property', 'og:image', image),
    meta('name', 'twitter:card', image !== null ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    description !== null && meta('name', 'twitter:description', description),
    image !== null && meta('name', 'twitter:image', image),
  ].filter((t) => t !== false);
  return {
    status: 200,
    title,
    head: tags.join('\n'),
    body: `<h1>${esc(title)}</h1>
${description !== null ? `<p>${esc(description)}</p>` : ''}
<p><a href="${esc(shortUrl)}">${esc(shortUrl)}</a></p>
${report}`,
    // The report form posts to this site, naming its origin (same-site.ts).
    csp: report ? { formAction: ["'self'"] } : undefined,
    // Crawlers keep cards for a while anyway; a shared cache must not hand this
    // page to people, who get a redirect from the same URL.
    headers: { 'cache-control': 'private, max-age=300', vary: 'User-Agent', ...(report ? FORM_HEADERS : {}) },
  };
}
