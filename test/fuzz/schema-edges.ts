// The values at and past a schema's edges: what the negative check puts in a
// field (the wrong JSON type, one past a bound, a bad format, a required field
// left out) and what the positive check tries at the edge (the largest
// integer, the longest string, a date-time, null or "" where the document lets
// a field be cleared). Candidates only: conformance.ts decides what each one is.
import { resolve, validValue, type Schema, type ValueContext } from './schema-values.ts';
import type { Encoding } from './conformance.ts';

/** The non-null branch of a nullable anyOf, and whether null (or "") is allowed. */
export function baseOf(schema0: Schema, ctx: ValueContext): { base: Schema; nullable: boolean; clearable: boolean } {
  const s = resolve(schema0, ctx);
  const options = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (!options) return { base: s, nullable: [s.type].flat().includes('null'), clearable: false };
  const resolved = options.map((o) => resolve(o, ctx));
  const rest = resolved.filter((o) => o.type !== 'null' && o.const !== '');
  return { base: rest.length === 1 ? rest[0]! : s, nullable: resolved.some((o) => o.type === 'null'), clearable: resolved.some((o) => o.const === '' || o.enum?.includes?.('')) };
}

const typeOf = (s: Schema): string => [s.type].flat().find((t) => t && t !== 'null') ?? (s.enum ? typeof s.enum[0] : s.properties ? 'object' : 'any');

/** A string of exactly n characters that keeps the shape a format or a field name asks for. */
export function stringOfLength(s: Schema, n: number, name: string): string {
  const url = s.format === 'uri' || /url|page|image|value/.test(name);
  const head = url ? 'https://example.com/' : s.format === 'email' ? 'a@example.com' : '';
  if (n <= head.length) return head ? head.slice(0, n) : 'a'.repeat(n);
  return url ? `${head}${'p'.repeat(n - head.length)}` : 'a'.repeat(n);
}

/** Values that break the schema (some may turn out to conform: the judge tells). */
export function breakingValues(schema0: Schema, ctx: ValueContext, encoding: Encoding, name: string): { value: unknown; why: string }[] {
  const { base: s } = baseOf(schema0, ctx);
  const out: { value: unknown; why: string }[] = [];
  const add = (value: unknown, why: string) => out.push({ value, why });
  const type = typeOf(s);
  if (encoding === 'json') {
    // The wrong JSON type: what a form would coerce, JSON must not.
    if (type === 'integer' || type === 'number') { add('5', 'a numeric string for a number'); add(true, 'true for a number'); add([1], 'a list for a number'); }
    if (type === 'string') { add(5, 'a number for a string'); add(false, 'false for a string'); add({ a: '1' }, 'an object for a string'); }
    if (type === 'boolean') { add(1, '1 for a boolean'); add(0, '0 for a boolean'); add('true', 'the string "true" for a boolean'); }
    if (type === 'array') { add({}, '{} for a list'); add(validValue(s.items ?? {}, ctx, name.replace(/s$/, '')), 'a single item for a list'); add('x', 'a string for a list'); }
    if (type === 'object') { add([], '[] for an object'); add('x', 'a string for an object'); }
  } else {
    if (type === 'integer' || type === 'number') { add('abc', 'letters for a number'); add('1.5', 'a fraction for an integer'); }
    if (type === 'boolean') add('maybe', 'a word for a boolean');
    if (type === 'object' && s.properties) add('x', 'a single value for an object');
  }
  if (type === 'integer' || type === 'number') {
    if (typeof s.maximum === 'number') add(s.maximum + (s.maximum >= 2 ** 53 - 1 ? 2 : 1), `above the maximum ${s.maximum}`);
    if (typeof s.minimum === 'number') add(s.minimum - 1, `below the minimum ${s.minimum}`);
    if (type === 'integer') add(2.5, 'a fraction for an integer');
  }
  if (s.enum) add(typeof s.enum[0] === 'number' ? 987_654 : 'not-one-of-them', 'outside the enum');
  if (type === 'string') {
    if (typeof s.maxLength === 'number') add(stringOfLength(s, s.maxLength + 1, name), `longer than ${s.maxLength}`);
    if (s.minLength > 1) add('a'.repeat(s.minLength - 1), `shorter than ${s.minLength}`);
    if (s.minLength >= 1) { add('   ', 'spaces alone'); add('a\u0000b', 'a NUL character'); }
    if (s.pattern) add('!! not matching !!', `not matching ${s.pattern}`);
    if (s.format === 'uri' || s.format === 'uri-reference') { add('not a url', 'not a URL'); add('example.com/x', 'a URL without a scheme'); }
    if (s.format === 'date') { add('2030-02-30', 'an impossible date'); add('31/12/2030', 'a date not in YYYY-MM-DD'); }
    if (s.format === 'date-time') { add('2030-01-31 25:00', 'an impossible date-time'); add('tomorrow', 'words for a date-time'); }
    if (s.format === 'email') add('not-an-email', 'not an email');
  }
  if (type === 'array') {
    if (typeof s.maxItems === 'number' && s.maxItems <= 1000) {
      add(Array.from({ length: s.maxItems + 1 }, () => validValue(s.items ?? {}, ctx, name.replace(/s$/, ''))), `more than ${s.maxItems} items`);
    }
    if (s.minItems > 0) add([], `fewer than ${s.minItems} items`);
    // One item broken, the list otherwise fine.
    for (const b of breakingValues(s.items ?? {}, ctx, encoding, name.replace(/s$/, '')).slice(0, 3)) add([b.value], `an item ${b.why}`);
  }
  if (type === 'object' && s.properties) {
    const props = Object.keys(s.properties);
    const good = () => validValue(s, ctx, name) as Record<string, unknown>;
    for (const r of (s.required ?? []) as string[]) { const v = good(); delete v[r]; add(v, `${r} left out`); }
    if (s.additionalProperties === false) add({ ...good(), zz_unknown: '1' }, 'a field the object does not take');
    const p = props[ctx.rng.int(0, props.length - 1)];
    if (p) for (const b of breakingValues(s.properties[p], ctx, encoding, p).slice(0, 3)) add({ ...good(), [p]: b.value }, `${p} ${b.why}`);
  }
  return out;
}

/** A value at the schema's edge that still conforms (the judge checks), or undefined when there is none to try. */
export function edgeValue(schema0: Schema, ctx: ValueContext, name: string): unknown {
  const { rng } = ctx;
  const { base: s, nullable, clearable } = baseOf(schema0, ctx);
  if (clearable && rng.chance(0.3)) return '';
  if (nullable && rng.chance(0.2)) return null;
  const type = typeOf(s);
  if (type === 'integer' || type === 'number') {
    if (/(^|_)ids?$/.test(name) || name === 'domain') return undefined; // ids name records: their edge is the unknown-id mutation
    const edges = [s.maximum, s.minimum, s.exclusiveMaximum === undefined ? undefined : s.exclusiveMaximum - 1].filter((n) => typeof n === 'number');
    return edges.length ? rng.pick(edges) : undefined;
  }
  // A pattern keeps the edge only where the edge matches it (str()'s "something besides spaces" does).
  const fits = (v: string) => !s.pattern || new RegExp(s.pattern, 'u').test(v);
  if (type === 'string' && !s.enum) {
    if (s.format === 'date-time' && fits('2030-01-31T12:00:00Z')) return rng.pick(['2030-01-31T12:00:00Z', '2030-01-31T17:00:00+05:00', '2030-12-31T23:59:59.500Z']);
    if (s.format === 'date' && fits('2030-01-31')) return rng.pick(['2030-01-31', '2032-02-29']);
    // The longest; the shortest too where a short string keeps the shape (not a URL).
    const url = s.format === 'uri' || /url|page|image|value/.test(name);
    if (typeof s.maxLength === 'number' && s.maxLength <= 100_000) {
      const edge = stringOfLength(s, url || rng.chance(0.7) ? s.maxLength : Math.max(1, s.minLength ?? 1), name);
      return fits(edge) ? edge : undefined;
    }
  }
  if (type === 'array' && typeof s.maxItems === 'number' && s.maxItems <= 100 && !s.items?.enum && rng.chance(0.5)) {
    return Array.from({ length: s.maxItems }, () => validValue(s.items ?? {}, ctx, name.replace(/s$/, '')));
  }
  return undefined;
}
