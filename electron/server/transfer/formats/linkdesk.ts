// Linkdesk's own CSV and JSON (write.ts writes them): a column or key per
// portable field. A plain CSV with a `url` column (and any others of these)
// reads the same way; missing columns take a new link's defaults.
import { BOOLEAN_FIELDS, blankLink, LIST_FIELDS, PORTABLE_FIELDS } from '../portable.ts';
import { portableLinkSchema, type PortableLink } from '../types.ts';
import { has, requireUrl, RowError, type FormatSpec, type Rec } from './common.ts';

const LISTS = new Set<string>(LIST_FIELDS);
const BOOLEANS = new Set<string>(BOOLEAN_FIELDS);
const NUMBERS = new Set(['privacy', 'target_type', 'expiration_clicks']);

/** A Linkdesk cell as its field's value: JSON lists, true/false, numbers; '' is the field's empty value. */
export function cellValue(field: string, v: unknown): unknown {
  if (typeof v !== 'string') return v === undefined ? undefined : v;
  const s = v.trim();
  if (LISTS.has(field)) {
    if (s === '') return [];
    try {
      return JSON.parse(s);
    } catch {
      throw new RowError(field, `The ${field} cell is not a JSON list such as [{"key":"US","value":"https://…"}].`);
    }
  }
  if (BOOLEANS.has(field)) {
    if (s === '') return false;
    if (/^(true|1)$/i.test(s)) return true;
    if (/^(false|0)$/i.test(s)) return false;
    throw new RowError(field, `The ${field} cell must be true or false, not "${s}".`);
  }
  if (NUMBERS.has(field)) {
    if (s === '') return field === 'expiration_clicks' ? null : 0;
    return /^-?\d+$/.test(s) ? Number(s) : s;
  }
  return s === '' ? null : s;
}

function toLink(rec: Rec): PortableLink {
  const link: Record<string, unknown> = blankLink(requireUrl(rec, 'url'));
  for (const f of PORTABLE_FIELDS) {
    if (f === 'url' || !rec.has(f)) continue;
    const v = cellValue(f, rec.get(f));
    if (v !== undefined) link[f] = v;
  }
  const parsed = portableLinkSchema.safeParse(link);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? 'row');
  throw new RowError(field, `The ${field} value is not valid: ${issue.message}`);
}

export const linkdesk: FormatSpec = {
  format: 'linkdesk',
  matches: (cols) => cols.has('url') && has(cols, 'password_protected', 'target_type', 'privacy_password_protected', 'space_color'),
  fields: Object.fromEntries(PORTABLE_FIELDS.map((f) => [f, f])),
  url: ['url'],
  toLink,
};

/** Any file with a `url` column that no other format claims. */
export const plainCsv: FormatSpec = { ...linkdesk, matches: (cols) => cols.has('url') };
