// `<short url>+`: a link's public statistics. Charts are <progress> bars and
// the map is SVG drawn here, so the page needs neither script nor inline
// styles under its CSP.
import type { CountRow, LinkStats } from '../../../shared/api-types.ts';
import type { LinkStatus } from '../../../shared/constants.ts';
import { esc, type Page } from './html.ts';
import { FORM_HEADERS } from './pages.ts';
import { mapSvg } from './stats-map.ts';

// Made on the first statistics page, not at start: their ICU data is memory an idle server need not hold.
let displayNames: Record<'region' | 'language', Intl.DisplayNames> | undefined;
const named = (type: 'region' | 'language', code: string) => {
  // Intl reads 'Unknown' as a language code and answers "unknown (Unknown)".
  if (code === 'Unknown' || code === '(other)') return other(code);
  displayNames ??= { region: new Intl.DisplayNames(['en'], { type: 'region' }), language: new Intl.DisplayNames(['en'], { type: 'language' }) };
  try {
    const n = displayNames[type].of(code);
    return n && n !== code ? `${n} (${code})` : code;
  } catch {
    return code; // 'Unknown' and anything else that is not a code
  }
};

const DEVICES: Record<string, string> = {
  desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet', watch: 'Watch', television: 'Television', console: 'Game console',
};
/** Rollups count rare values under `(other)`. */
const other = (v: string) => (v === '(other)' ? 'Others' : v);

interface CityRow { value: string; region: string | null; country: string | null; count: number }
/** The dimensions of issue 33 this page shows, when the server's statistics have them. */
type WithPlaces = LinkStats & { cities?: CityRow[]; devices?: CountRow[] };

const cityLabel = (c: CityRow) => {
  if (c.value === '(other)' || c.value === '' || c.value === 'Unknown') return other(c.value || 'Unknown');
  return [c.value, c.region && c.region !== c.value ? c.region : '', c.country].filter(Boolean).join(', ');
};

const STATUS_TEXT: Record<LinkStatus, string> = { 1: 'Active', 2: 'Expired', 3: 'Disabled' };
const DAYS_SHOWN = 30;

function table(caption: string, rows: CountRow[], total: number, label: (v: string) => string = (v) => v): string {
  if (rows.length === 0) return `<h2>${esc(caption)}</h2><p class="muted">No clicks yet.</p>`;
  const body = rows.map((r) => `<tr><td>${esc(label(r.value))}</td><td class="n">${esc(r.count)}</td>`
    + `<td><progress max="${esc(total)}" value="${esc(r.count)}">${esc(r.count)}</progress></td></tr>`).join('\n');
  return `<h2>${esc(caption)}</h2>
<table><thead><tr><th scope="col">${esc(caption)}</th><th scope="col">Clicks</th><th scope="col"><span class="muted">Share</span></th></tr></thead>
<tbody>
${body}
</tbody></table>`;
}

export interface StatsView {
  shortUrl: string;
  /** The destination page's title: null for a link with a password, like `url`. */
  title: string | null;
  /** Shown only when the link itself has no password, so the page never gives away a protected destination. */
  url: string | null;
  status: LinkStatus;
  createdAt: string;
  stats: LinkStats;
  /** The "Report this link" form (abuse/report-form.ts), already HTML. */
  report?: string;
}

export function statsPage(v: StatsView): Page {
  const s: WithPlaces = v.stats;
  const days = s.days.slice(-DAYS_SHOWN).map((d) => ({ value: d.date, count: d.count }));
  const recorded = s.days.reduce((n, d) => n + d.count, 0);
  const max = Math.max(1, ...days.map((d) => d.count));
  return {
    status: 200,
    title: `Statistics · ${v.title ?? v.shortUrl}`,
    ...(v.report ? { csp: { formAction: ["'self'"] }, headers: FORM_HEADERS } : {}),
    body: `<h1>Statistics</h1>
${v.title ? `<p><strong>${esc(v.title)}</strong></p>` : ''}
<p>Short link: <code>${esc(v.shortUrl)}</code></p>
${v.url ? `<p>Destination: <code>${esc(v.url)}</code></p>` : ''}
<p>Status: ${esc(STATUS_TEXT[v.status])} · created ${esc(v.createdAt.slice(0, 10))}</p>
<p><strong>${esc(s.clicks)}</strong> click(s) in total.</p>
${table(`Clicks by day (last ${DAYS_SHOWN} days with clicks, UTC)`, days, max)}
<h2>Map</h2>
<figure>${mapSvg(s.countries, (c) => named('region', c))}</figure>
${table('Countries', s.countries, recorded, (c) => named('region', c))}
${s.cities ? table('Cities', s.cities.map((c) => ({ value: cityLabel(c), count: c.count })), recorded) : ''}
${s.devices ? table('Devices', s.devices, recorded, (d) => DEVICES[d] ?? other(d)) : ''}
${table('Platforms', s.platforms, recorded)}
${table('Browsers', s.browsers, recorded)}
${table('Languages', s.languages, recorded, (l) => named('language', l))}
${table('Referrers', s.referrers, recorded)}
${v.report ?? ''}`,
  };
}
