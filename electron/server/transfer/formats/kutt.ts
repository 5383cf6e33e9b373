// Kutt. Source: GET /api/v2/links ({"limit","skip","total","data":[{ id,
// address, banned, description, password (true when set), target,
// visit_count, domain, link, expire_in, created_at, updated_at }]}).
// `expire_in` is an instant in answers ("2 hours"-style durations are what a
// create request sends; those count from created_at). id, banned, link,
// visit_count and updated_at have no Linkdesk field.
import { blankLink } from '../portable.ts';
import { expiryOf, instant, requireUrl, RowError, shortUrlParts, text, truthy, type FormatSpec, type Rec } from './common.ts';

const UNIT_MS: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 604_800_000 };

function expiry(rec: Rec, created: string | null) {
  const v = text(rec.get('expire_in'));
  const m = v === null ? null : /^(\d+)\s*(minute|hour|day|week)s?$/i.exec(v);
  if (!m) return expiryOf('expiration_date', v);
  const from = created === null ? Date.now() : Date.parse(created);
  if (Number.isNaN(from)) throw new RowError('expiration_date', `"${v}" counts from created_at, which is not a date.`);
  return expiryOf('expiration_date', new Date(from + Number(m[1]) * UNIT_MS[m[2]!.toLowerCase()]!).toISOString());
}

export const kutt: FormatSpec = {
  format: 'kutt',
  matches: (cols) => cols.has('target') && cols.has('address'),
  fields: { target: 'url', address: 'alias', domain: 'domain', description: 'title', password: 'password_protected', expire_in: 'expiration_date', created_at: 'created_at' },
  url: ['target'],
  toLink(rec) {
    const link = blankLink(requireUrl(rec, 'target'));
    link.alias = text(rec.get('address'));
    const domain = text(rec.get('domain'));
    link.domain = domain === null ? null : shortUrlParts(domain).domain;
    link.title = text(rec.get('description'));
    link.password_protected = truthy(rec.get('password'));
    link.created_at = instant(rec.get('created_at'));
    Object.assign(link, expiry(rec, link.created_at));
    return link;
  },
};
