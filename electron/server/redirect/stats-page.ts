// `<short url>+`: a link's public statistics. Charts are <progress> bars and
// the map is SVG drawn here, so the page needs neither script nor inline
// styles under its CSP. In the visitor's language: words through messages,
// numbers and days through Intl, country and language names through
// Intl.DisplayNames, continents through messages.
import { defineMessages } from '@formatjs/intl';
import type { CountRow, LinkStats } from '../../../shared/api-types.ts';
import type { LinkStatus } from '../../../shared/constants.ts';
import type { PageText } from '../i18n/page-text.ts';
import { esc, type Page } from './html.ts';
import { FORM_HEADERS } from './pages.ts';
import { mapSvg } from './stats-map.ts';

const m = defineMessages({
  title: { id: 'page.stats.title', defaultMessage: 'Statistics · {name}', description: 'Browser tab title; {name}: the destination\'s page title or the short link' },
  heading: { id: 'page.stats.heading', defaultMessage: 'Statistics' },
  shortLink: { id: 'page.stats.shortLink', defaultMessage: 'Short link: <code>{url}</code>' },
  destination: { id: 'page.stats.destination', defaultMessage: 'Destination: <code>{url}</code>' },
  status: {
    id: 'page.stats.status',
    defaultMessage: 'Status: {status, select, active {Active} expired {Expired} other {Disabled}} · created {created}',
    description: '{created}: a date',
  },
  total: { id: 'page.stats.total', defaultMessage: '{count, plural, one {<strong>#</strong> click in total.} other {<strong>#</strong> clicks in total.}}' },
  byDay: {
    id: 'page.stats.byDay',
    defaultMessage: 'Clicks by day (last {days, plural, one {# day} other {# days}} with clicks, UTC)',
    description: 'Table caption: the days that had clicks, at most {days} of them',
  },
  map: { id: 'page.stats.map', defaultMessage: 'Map' },
  mapTitle: { id: 'page.stats.mapTitle', defaultMessage: 'World map: countries shaded by clicks, darker for more', description: 'Text alternative of the map' },
  mapCountry: { id: 'page.stats.mapCountry', defaultMessage: '{country}: {count, plural, one {# click} other {# clicks}}', description: 'Tooltip of a country on the map' },
  countries: { id: 'page.stats.countries', defaultMessage: 'Countries' },
  continents: { id: 'page.stats.continents', defaultMessage: 'Continents' },
  cities: { id: 'page.stats.cities', defaultMessage: 'Cities' },
  devices: { id: 'page.stats.devices', defaultMessage: 'Devices' },
  platforms: { id: 'page.stats.platforms', defaultMessage: 'Platforms', description: 'Operating systems' },
  browsers: { id: 'page.stats.browsers', defaultMessage: 'Browsers' },
  languages: { id: 'page.stats.languages', defaultMessage: 'Languages' },
  referrers: { id: 'page.stats.referrers', defaultMessage: 'Referrers', description: 'The sites visitors came from' },
  clicks: { id: 'page.stats.clicks', defaultMessage: 'Clicks', description: 'Column heading' },
  share: { id: 'page.stats.share', defaultMessage: 'Share', description: 'Column heading: the bar showing each row\'s part of all clicks' },
  none: { id: 'page.stats.none', defaultMessage: 'No clicks yet.' },
  others: { id: 'page.stats.others', defaultMessage: 'Others', description: 'Rare values counted together' },
  unknown: { id: 'page.stats.unknown', defaultMessage: 'Unknown', description: 'Clicks whose country, browser… is not known' },
  named: { id: 'page.stats.named', defaultMessage: '{name} ({code})', description: 'A country or language name with its code: France (FR)' },
  device: {
    id: 'page.stats.device',
    defaultMessage: '{device, select, desktop {Desktop} mobile {Mobile} tablet {Tablet} watch {Watch} television {Television} console {Game console} other {{device}}}',
  },
  continent: {
    id: 'page.stats.continent',
    defaultMessage: '{code, select, AF {Africa} AN {Antarctica} AS {Asia} EU {Europe} NA {North America} OC {Oceania} SA {South America} other {{code}}}',
  },
});

interface CityRow { value: string; region: string | null; country: string | null; count: number }
/** The dimensions of issue 33 this page shows, when the server's statistics have them. */
type WithPlaces = LinkStats & { cities?: CityRow[]; devices?: CountRow[]; continents?: CountRow[] };

const STATUS: Record<LinkStatus, string> = { 1: 'active', 2: 'expired', 3: 'disabled' };
const DAYS_SHOWN = 30;

/** How the page names the values of one table. */
function labels(t: PageText) {
  /** Rollups count rare values under `(other)`; clicks without the value are `Unknown`. */
  const special = (v: string) => (v === '(other)' ? t.text(m.others) : v === 'Unknown' || v === '' ? t.text(m.unknown) : null);
  const named = (type: 'region' | 'language') => (code: string) => {
    const s = special(code);
    if (s !== null) return s;
    const n = type === 'region' ? t.region(code) : t.language(code);
    return n ? t.text(m.named, { name: n, code }) : code;
  };
  return {
    plain: (v: string) => special(v) ?? v,
    region: named('region'),
    language: named('language'),
    device: (d: string) => special(d) ?? t.text(m.device, { device: d }),
    continent: (c: string) => special(c) ?? t.text(m.continent, { code: c }),
    city: (c: CityRow) => special(c.value) ?? [c.value, c.region && c.region !== c.value ? c.region : '', c.country].filter(Boolean).join(', '),
  };
}

function table(t: PageText, caption: string, rows: CountRow[], total: number, label: (v: string) => string): string {
  if (rows.length === 0) return `<h2>${esc(caption)}</h2><p class="muted">${t.html(m.none)}</p>`;
  const body = rows.map((r) => `<tr><td>${esc(label(r.value))}</td><td class="n">${esc(t.number(r.count))}</td>`
    + `<td><progress max="${esc(total)}" value="${esc(r.count)}">${esc(t.number(r.count))}</progress></td></tr>`).join('\n');
  return `<h2>${esc(caption)}</h2>
<table><thead><tr><th scope="col">${esc(caption)}</th><th scope="col">${t.html(m.clicks)}</th><th scope="col"><span class="muted">${t.html(m.share)}</span></th></tr></thead>
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

export function statsPage(t: PageText, v: StatsView): Page {
  const s: WithPlaces = v.stats;
  const days = s.days.slice(-DAYS_SHOWN).map((d) => ({ value: d.date, count: d.count }));
  const recorded = s.days.reduce((n, d) => n + d.count, 0);
  const max = Math.max(1, ...days.map((d) => d.count));
  const l = labels(t);
  const code = (x: string) => `<code>${x}</code>`;
  return {
    status: 200,
    title: t.text(m.title, { name: v.title ?? v.shortUrl }),
    ...(v.report ? { csp: { formAction: ["'self'"] }, headers: FORM_HEADERS } : {}),
    body: `<h1>${t.html(m.heading)}</h1>
${v.title ? `<p><strong>${esc(v.title)}</strong></p>` : ''}
<p>${t.html(m.shortLink, { url: v.shortUrl }, { code })}</p>
${v.url ? `<p>${t.html(m.destination, { url: v.url }, { code })}</p>` : ''}
<p>${t.html(m.status, { status: STATUS[v.status], created: t.day(v.createdAt) })}</p>
<p>${t.html(m.total, { count: s.clicks }, { strong: (x) => `<strong>${x}</strong>` })}</p>
${table(t, t.text(m.byDay, { days: DAYS_SHOWN }), days, max, t.day)}
<h2>${t.html(m.map)}</h2>
<figure>${mapSvg(s.countries, (c, n) => t.text(m.mapCountry, { country: l.region(c), count: n }), t.text(m.mapTitle))}</figure>
${table(t, t.text(m.countries), s.countries, recorded, l.region)}
${s.continents ? table(t, t.text(m.continents), s.continents, recorded, l.continent) : ''}
${s.cities ? table(t, t.text(m.cities), s.cities.map((c) => ({ value: l.city(c), count: c.count })), recorded, (x) => x) : ''}
${s.devices ? table(t, t.text(m.devices), s.devices, recorded, l.device) : ''}
${table(t, t.text(m.platforms), s.platforms, recorded, l.plain)}
${table(t, t.text(m.browsers), s.browsers, recorded, l.plain)}
${table(t, t.text(m.languages), s.languages, recorded, l.language)}
${table(t, t.text(m.referrers), s.referrers, recorded, l.plain)}
${v.report ?? ''}`,
  };
}
