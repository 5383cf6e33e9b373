// Values for a JSON schema of the OpenAPI document: mostly valid ones (so a
// request gets past validation and reaches the handler), and the wrong ones
// the fuzz swaps in. Deterministic: every choice comes from the seeded Rng.

export type Schema = Record<string, any>;

/** A small seeded generator (mulberry32): the same seed, the same requests. */
export class Rng {
  private s: number;
  constructor(seed: number) { this.s = seed >>> 0; }
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number { return min + Math.floor(this.next() * (max - min + 1)); }
  chance(p: number): boolean { return this.next() < p; }
  pick<T>(list: readonly T[]): T { return list[Math.floor(this.next() * list.length)]!; }
  weighted<T>(table: readonly (readonly [number, T])[]): T {
    let r = this.next() * table.reduce((n, [w]) => n + w, 0);
    for (const [w, v] of table) if ((r -= w) < 0) return v;
    return table[table.length - 1]![1];
  }
}

/** Strings a careless or hostile client sends. */
export const ODD_STRINGS = [
  '', ' ', 'null', 'undefined', 'true', '0', '-1', '1e309', 'NaN', '0x10', '[]', '{}', '%', '%00', '\\', '"', "'; DROP TABLE links; --",
  '<script>alert(1)</script>', 'javascript:alert(1)', 'http://', '//example.com', 'ftp://example.com/x', 'https://127.0.0.1/x', 'https://[::1]/x',
  'üñîçødé', 'ROOT', 'root\u0000', 'a\u202Eb', 'x\u2066y\u2069', '\u200B', '😀'.repeat(50), 'e\u0301'.repeat(30), '\uFEFFbom', 'line\nbreak', '\t',
  '2030-02-30', '2030-04-31', '2030-01-01T10:00:00+05:00', '9999-12-31', '0000-00-00', '24:00', '23:60', '__proto__', 'constructor',
];
export const hugeString = (rng: Rng) => rng.pick(['a', '😀', 'é', '0']).repeat(rng.pick([300, 2_100, 5_000, 70_000]));

const URL_FIELDS = new Set(['url', 'expiration_url', 'preview_image', 'index_page', 'not_found_page', 'value']);
const COUNTRIES = ['US', 'FR', 'DE', 'JP', 'BR'];
const LANGUAGES = ['en', 'fr', 'de', 'ja'];

export interface ValueContext {
  rng: Rng;
  /** The document's components, for $ref. */
  components: Record<string, Schema>;
  /** An id that probably exists, for a field or parameter of this name. */
  idFor(name: string): number;
  /** Increases with every value made, for unique names. */
  serial(): number;
}

export function resolve(schema: Schema, ctx: ValueContext): Schema {
  let s = schema;
  for (let i = 0; i < 10 && typeof s?.$ref === 'string'; i++) s = ctx.components[s.$ref.split('/').pop()!] ?? {};
  if (Array.isArray(s?.allOf) && s.allOf.length === 1 && Object.keys(s).length === 1) return resolve(s.allOf[0], ctx);
  return s ?? {};
}

/** A value the schema allows, shaped like what a real client sends for a field of this name. */
export function validValue(schema0: Schema, ctx: ValueContext, name = '', path = '', depth = 0): unknown {
  const { rng } = ctx;
  const schema = resolve(schema0, ctx);
  // An object's anyOf of `required` alone (at least one of these fields) is its properties' business.
  if ((schema.anyOf || schema.oneOf) && !schema.properties) {
    const options = (schema.anyOf ?? schema.oneOf) as Schema[];
    const nonNull = options.filter((o) => resolve(o, ctx).type !== 'null');
    const branch = resolve(nonNull.length && rng.chance(0.85) ? rng.pick(nonNull) : rng.pick(options), ctx);
    const value = validValue(branch, ctx, name, path, depth);
    // A text form beside the value itself ("5" for 5): where the generator's string misses its pattern, the value itself.
    if (typeof value === 'string' && branch.pattern && !new RegExp(branch.pattern, 'u').test(value) && nonNull.length) return validValue(nonNull[0]!, ctx, name, path, depth);
    return value;
  }
  // An object's allOf of if/then rules (a new link's targeting) is for the judge; its properties make the value.
  if (schema.allOf && !schema.properties) return validValue(schema.allOf[0], ctx, name, path, depth);
  if ('const' in schema) return schema.const;
  if (schema.enum) return rng.pick(schema.enum);
  const type = Array.isArray(schema.type) ? rng.pick(schema.type) : schema.type;
  switch (type) {
    case 'null': return null;
    case 'boolean': return rng.chance(0.5);
    case 'integer': case 'number': {
      if (/(^|_)ids?$/.test(name) || name === 'id' || name === 'domain') return ctx.idFor(name);
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
      const max = Math.min(schema.maximum ?? 1000, min + 1000);
      return rng.int(min, max);
    }
    case 'string': return stringFor(schema, ctx, name, path);
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? 4, min + 3, depth > 2 ? min : 99);
      const n = rng.int(min, Math.max(min, max));
      const items = Array.from({ length: n }, () => validValue(schema.items ?? {}, ctx, name.replace(/s$/, ''), path, depth + 1));
      return schema.items?.enum ? [...new Set(items)] : items;
    }
    case 'object': default: {
      const out: Record<string, unknown> = {};
      const required = new Set<string>(schema.required ?? []);
      for (const [key, sub] of Object.entries<Schema>(schema.properties ?? {})) {
        if (required.has(key) || rng.chance(depth ? 0.6 : 0.35)) out[key] = validValue(sub, ctx, key, `${path}/${key}`, depth + 1);
      }
      // An update names at least one field, most of the time.
      const keys = Object.keys(schema.properties ?? {});
      if (!Object.keys(out).length && keys.length && rng.chance(0.9)) {
        const key = rng.pick(keys);
        out[key] = validValue(schema.properties[key], ctx, key, `${path}/${key}`, depth + 1);
      }
      return out;
    }
  }
}

function stringFor(schema: Schema, ctx: ValueContext, name: string, path: string): string {
  const { rng } = ctx;
  const n = ctx.serial();
  const p: string = schema.pattern ?? '';
  // A list of codes spelled either way (^\s*(?:[Uu][Ss]|[Ff][Rr]|…)\s*$): one of them, as listed.
  const codes = /^\^\\s\*\(\?:(.*)\)\\s\*\$$/.exec(p)?.[1];
  if (codes && codes.includes('[')) return rng.pick(codes.split('|')).replace(/\[(.)(.)\]/g, '$1').replace(/\\(.)/g, '$1');
  // A date and time with a space (active_period_*_at, a rule's between).
  if (p.includes('\\d{4}-\\d{2}-\\d{2}[ T]') || p.includes('\\d{4}-\\d{2}-\\d{2} (')) return `203${rng.int(1, 9)}-0${rng.int(1, 9)}-1${rng.int(0, 9)} ${String(rng.int(0, 23)).padStart(2, '0')}:${rng.pick(['00', '30', '45'])}`;
  if (schema.format === 'date-time') return rng.pick(['2031-05-06T10:00:00Z', '2030-12-31T23:59:00+05:00', `2032-0${rng.int(1, 9)}-1${rng.int(0, 9)}T08:30:00Z`]);
  if (schema.format === 'date') return rng.pick(['2031-05-06', '2030-12-31', `2032-0${rng.int(1, 9)}-1${rng.int(0, 9)}`]);
  if (schema.format === 'uri' && !URL_FIELDS.has(name)) return `https://example.com/${name}/${n}`;
  if (p.includes('\\d{4}-\\d{2}-\\d{2}') || /date|_at$/.test(name)) {
    return rng.pick(['2031-05-06', '2030-12-31', `2032-0${rng.int(1, 9)}-1${rng.int(0, 9)}`, ...(name.endsWith('_at') ? ['2030-01-01T10:00:00+05:00'] : [])]);
  }
  if (p.includes(':[0-5]') || /time$/.test(name)) return `${String(rng.int(0, 23)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}`;
  if (p.includes('A-Za-z0-9_-') || name === 'alias') return `fz${n}${rng.pick(['', '_a', '-b', 'X'])}`;
  if (path.includes('/country/') && name === 'key') return rng.pick(COUNTRIES);
  if (path.includes('/language/') && name === 'key') return rng.pick(LANGUAGES);
  if (name === 'color') return rng.pick(['#aabbcc', '#000000', '#ff0066']);
  if (path.startsWith('/domains') && name === 'name') return `fz${n}.example`;
  if (URL_FIELDS.has(name)) return path.startsWith('/webhooks') ? `https://93.184.215.14/hook/${n}` : `https://example.com/p/${n}`;
  const s = `${name || 'value'}-${n}`;
  const max = schema.maxLength ?? 255;
  return s.length > max ? s.slice(0, max) : s.padEnd(schema.minLength ?? 0, 'x');
}

/** A value of the wrong kind for this schema. */
export function wrongValue(schema0: Schema, ctx: ValueContext): unknown {
  const { rng } = ctx;
  const schema = resolve(schema0, ctx);
  const type = schema.type ?? (schema.anyOf ? 'union' : 'object');
  const pool: unknown[] = [null, true, [], {}, [1, 2], { a: 1 }, -1, 0, 1.5, 2 ** 53, -(2 ** 63), 1e308, rng.pick(ODD_STRINGS), hugeString(rng)];
  const wrong = pool.filter((v) => (type === 'string' ? typeof v !== 'string' : type === 'integer' || type === 'number' ? typeof v !== 'number' || !Number.isInteger(v) || v! > 2 ** 53
    : type === 'array' ? !Array.isArray(v) : type === 'boolean' ? typeof v !== 'boolean' : true));
  return rng.pick(wrong);
}
