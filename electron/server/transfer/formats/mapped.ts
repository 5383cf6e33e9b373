// Columns mapped by the person importing: any CSV (or JSON) whose columns no
// format claims, read by guessing which column is which, and any format whose
// mapping was changed in the preview or with `--map FIELD=COLUMN`. A changed
// mapping is honoured exactly: a column taken away from a field is not read
// for it, and a column given a field fills it, converted the way that field's
// values usually arrive (a short URL gives an alias, a date an ISO instant).
import type { ColumnMapping, ImportField } from '../../../../shared/transfer.ts';
import { TransferError } from '../errors.ts';
import { blankLink } from '../portable.ts';
import { portableLinkSchema, type PortableLink } from '../types.ts';
import { cellValue } from './linkdesk.ts';
import { aliasOf, expiryOf, instant, positiveInt, RowError, shortUrlParts, text, truthy, type FormatSpec, type Rec } from './common.ts';

/** Column names (normalized) that usually hold each field, for a CSV no format claims. */
const GUESSES: [ImportField, string[]][] = [
  ['url', ['url', 'long_url', 'destination', 'destination_url', 'target', 'target_url', 'original_url', 'link_url', 'full_url', 'redirect_url', 'website']],
  ['alias', ['alias', 'slug', 'key', 'keyword', 'short_code', 'code', 'back_half', 'custom_alias', 'path', 'short_url', 'short_link', 'short']],
  ['domain', ['domain', 'host', 'hostname']],
  ['title', ['title', 'name', 'label']],
  ['created_at', ['created_at', 'created', 'date_created', 'creation_date', 'date']],
];

/** The field each key is guessed to fill; each field at most once, the best-named column first. */
function guessFields(keys: string[]): Record<string, ImportField> {
  const out: Record<string, ImportField> = {};
  for (const [field, names] of GUESSES) {
    const key = names.map((n) => keys.find((k) => k === n && !(k in out))).find((k) => k !== undefined);
    if (key !== undefined) out[key] = field;
  }
  return out;
}

/** Fills `field` of `link` from one cell, converted as that field's values usually arrive. */
export function fill(link: PortableLink, field: ImportField, v: unknown): void {
  switch (field) {
    case 'url': {
      const url = text(v);
      if (url === null) throw new RowError('url', 'The destination URL is empty.');
      link.url = url;
      return;
    }
    case 'alias': link.alias = aliasOf(v); return;
    case 'domain': {
      const s = text(v);
      link.domain = s === null || s === 'DEFAULT' ? null : s.includes('/') ? shortUrlParts(s).domain : s.toLowerCase();
      return;
    }
    case 'created_at': link.created_at = instant(v); return;
    case 'disabled': case 'password_protected': case 'privacy_password_protected': link[field] = truthy(v); return;
    case 'expiration_date': Object.assign(link, expiryOf('expiration_date', v)); return;
    case 'expiration_clicks': link.expiration_clicks = positiveInt('expiration_clicks', v); return;
    case 'title': case 'space': case 'space_color': case 'expiration_url': case 'expiration_time':
    case 'preview_title': case 'preview_description': case 'preview_image':
      link[field] = text(v); return;
    default: {
      // Lists, privacy and target type: as Linkdesk's own CSV writes them.
      const value = cellValue(field, typeof v === 'string' || v === undefined ? v : JSON.stringify(v));
      if (value !== undefined) (link as Record<string, unknown>)[field] = value;
    }
  }
}

function checked(link: PortableLink): PortableLink {
  const parsed = portableLinkSchema.safeParse(link);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? 'row');
  throw new RowError(field, `The ${field} value is not valid: ${issue.message}`);
}

/** A spec for a file no format claims: its columns as guessed. */
export function csvSpec(keys: string[]): FormatSpec {
  const fields = guessFields(keys);
  const urlKey = Object.keys(fields).find((k) => fields[k] === 'url');
  return {
    format: 'csv',
    matches: () => true,
    fields,
    url: urlKey === undefined ? [] : [urlKey],
    toLink(rec) {
      const link = blankLink('');
      for (const [key, field] of Object.entries(fields)) fill(link, field, rec.get(key));
      return checked(link);
    },
  };
}

/**
 * Why a mapping cannot import anything, or null. A format may read one field
 * from several columns (a custom back-half, else the generated one); a field
 * the person gave a second column is ambiguous.
 */
export function mappingProblem(mapping: ColumnMapping, detected: ColumnMapping = mapping): string | null {
  const seen = new Map<string, { column: string; chosen: boolean }>();
  for (const [i, m] of mapping.entries()) {
    if (m.field === null) continue;
    const chosen = detected[i]?.field !== m.field;
    const before = seen.get(m.field);
    if (before && (chosen || before.chosen)) return `Two columns fill ${m.field}: "${before.column}" and "${m.column}". Choose one.`;
    if (!before) seen.set(m.field, { column: m.column, chosen });
  }
  if (!seen.has('url')) {
    const found = mapping.length ? mapping.map((m) => `"${m.column}"`).join(', ') : 'none';
    return `No column holds the links' destination URLs: choose the one that does (such as "url" or "Long URL"). Columns found: ${found}.`;
  }
  return null;
}

/**
 * The spec's reader, steered by `mapping` (one entry per column, `keyOf` its
 * key in a row). Unchanged columns are read by the format as it reads them;
 * changed ones are withheld from it and filled as the person chose.
 */
export function steered(spec: FormatSpec, mapping: ColumnMapping, keyOf: (column: string) => string): FormatSpec['toLink'] {
  const changed = mapping.filter((m) => m.field !== (spec.fields[keyOf(m.column)] ?? null));
  if (changed.length === 0) return spec.toLink;
  const withheld = new Set(changed.map((m) => keyOf(m.column)));
  const urlKey = keyOf(mapping.find((m) => m.field === 'url')!.column);
  const given = changed.filter((m) => m.field !== null && m.field !== 'url').map((m) => ({ key: keyOf(m.column), field: m.field! }));
  return (rec: Rec) => {
    const base: Rec = new Map([...rec].filter(([k]) => !withheld.has(k)));
    // The format finds the destination where it looks for one.
    if (spec.url.length) base.set(spec.url[0]!, rec.get(urlKey));
    const link = spec.toLink(base);
    fill(link, 'url', rec.get(urlKey));
    for (const g of given) fill(link, g.field, rec.get(g.key));
    return checked(link);
  };
}

/**
 * `--map FIELD=COLUMN` on top of the format's mapping: the column fills the
 * field, and no other column does; an empty COLUMN leaves the field unfilled.
 */
export function withOverrides(mapping: ColumnMapping, overrides: { field: ImportField; column: string | null }[]): ColumnMapping {
  let out = mapping.map((m) => ({ ...m }));
  for (const o of overrides) {
    out = out.map((m) => (m.field === o.field ? { ...m, field: null } : m));
    if (o.column === null) continue;
    const target = out.find((m) => m.column === o.column) ?? out.find((m) => m.column.toLowerCase() === o.column!.toLowerCase());
    if (!target) {
      throw new TransferError(`--map ${o.field}=${o.column}: the file has no column "${o.column}". Columns found: ${out.map((m) => `"${m.column}"`).join(', ')}.`);
    }
    target.field = o.field;
  }
  return out;
}
