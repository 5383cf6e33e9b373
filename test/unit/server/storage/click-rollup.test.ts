// The click writer's rollup arithmetic: a batch collapsed per link-day and
// per account-day, and add_counts merging a batch's dimension counts into a
// day's stored ones by editing the JSON text. Both must agree with plain
// JSON arithmetic for any values a visitor can send (quotes, backslashes,
// commas, colons, braces, non-ASCII, control characters).
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCounts, collapse, dimsOf, type ClickRecord } from '../../../../electron/server/db/repositories/click-store.ts';

const DAY = 86_400_000;
const sum = (a: Record<string, number>, b: Record<string, number>) => {
  const out = { ...a };
  for (const [k, n] of Object.entries(b)) out[k] = (out[k] ?? 0) + n;
  return out;
};
// Keys as stored: a dimension's number, ":", and any value but one with a backslash. Node 24.21's
// JSON.parse (V8) misreads a key with an escape once it has parsed a key that ends where the escape's
// backslash is: after JSON.parse('{"4:\\\\":1}'), JSON.parse('{"4:\\"":1}') gives the key 4:\ (Node 20
// gives 4:"). These tests check their answers with JSON.parse, so a backslash in a value would make them
// fail on V8's mistake, not ours (a CI run did). Stored values never hold one: countries and platforms
// come from fixed lists, languages are 2-3 letters, referrers are host names, browsers are ua-parser's names.
const value = fc.oneof(fc.constantFrom('DE', 'Chrome', 'en', 'a"b', ',"1:DE":', '{', '}', ':', 'é', '\n', '\t', '5:', ''), fc.string({ maxLength: 6 }))
  .map((v) => v.replaceAll('\\', '/'));
const key = fc.tuple(fc.integer({ min: 1, max: 5 }), value).map(([d, v]) => `${d}:${v}`);
const counts = fc.dictionary(key, fc.integer({ min: 1, max: 1_000_000 }), { maxKeys: 12 });

describe('add_counts', () => {
  it('gives what parsing both and adding would, for any keys', () => {
    fc.assert(fc.property(counts, counts, (a, b) => {
      const merged = addCounts(JSON.stringify(a), JSON.stringify(b));
      expect(JSON.parse(merged)).toEqual(sum(a, b));
      // No key twice in the text (JSON.parse would hide it by keeping the last).
      expect(JSON.stringify(JSON.parse(merged)).length).toBe(merged.length);
    }), { numRuns: 2000 });
  });

  it('adds into counts SQLite wrote (json_group_object) and into an empty day', () => {
    expect(addCounts('{}', '{"1:DE":2}')).toBe('{"1:DE":2}');
    // Days folded in by migration 6 were written by SQLite itself.
    const db = new Database(':memory:');
    const written = (db.prepare(`SELECT json_group_object(k, n) AS j FROM (SELECT '1:DE' AS k, 9 AS n UNION ALL SELECT '5:a"b,', 2 UNION ALL SELECT '4:é', 1 UNION ALL SELECT '5:t	ab', 3)`).get() as { j: string }).j;
    db.close();
    expect(JSON.parse(addCounts(written, JSON.stringify({ '1:DE': 1, '5:a"b,': 1, '4:é': 1, '5:t\tab': 1, '3:Chrome': 1 }))))
      .toEqual({ '1:DE': 10, '5:a"b,': 3, '4:é': 2, '5:t\tab': 4, '3:Chrome': 1 });
    expect(JSON.parse(addCounts('{"1:DE":9,"2:Windows":1}', '{"1:DE":1,"3:Chrome":4}'))).toEqual({ '1:DE': 10, '2:Windows': 1, '3:Chrome': 4 });
    // A value ending in the text of another key must not be taken for it.
    expect(JSON.parse(addCounts('{"5:x\\"1:DE":3}', '{"1:DE":1}'))).toEqual({ '5:x"1:DE': 3, '1:DE': 1 });
  });
});

describe('collapse', () => {
  const click = fc.record({
    link_id: fc.integer({ min: 1, max: 6 }),
    created_at: fc.integer({ min: 0, max: 3 * DAY }),
    country: fc.option(value), platform: fc.option(value), browser: fc.option(value),
    language: fc.option(value), referrer: fc.option(value),
  }).map((c) => ({ ...c, user_id: c.link_id % 2 }) as ClickRecord);

  it('sums every click once per link-day and per account-day and value, in key order', () => {
    fc.assert(fc.property(fc.array(click, { maxLength: 60 }), (clicks) => {
      const dayOf = (ms: number) => Math.floor(ms / DAY);
      const r = collapse(clicks, dayOf);
      const names = ['country', 'platform', 'browser', 'language', 'referrer'] as const;
      const expectLink = new Map<string, { clicks: number; dims: Record<string, number> }>();
      const expectUser = new Map<string, number>();
      for (const c of clicks) {
        const k = `${c.link_id}/${dayOf(c.created_at)}`;
        const e = expectLink.get(k) ?? { clicks: 0, dims: {} };
        e.clicks += 1;
        names.forEach((n, i) => {
          const v = c[n];
          if (v === null) return;
          e.dims[`${i + 1}:${v}`] = (e.dims[`${i + 1}:${v}`] ?? 0) + 1;
          const u = `${c.user_id}/${i + 1}/${dayOf(c.created_at)}/${v}`;
          expectUser.set(u, (expectUser.get(u) ?? 0) + 1);
        });
        expectLink.set(k, e);
      }
      expect(new Map(r.linkDays.map((d) => [`${d.link_id}/${d.day}`, { clicks: d.clicks, dims: JSON.parse(d.dims) }]))).toEqual(expectLink);
      expect(r.linkDays.length).toBe(expectLink.size);
      expect(new Map(r.userDims.map((d) => [`${d.user_id}/${d.dim}/${d.day}/${d.value}`, d.clicks]))).toEqual(expectUser);
      expect(r.userDims.length).toBe(expectUser.size);
      expect(r.userDays.reduce((n, d) => n + d.clicks, 0)).toBe(clicks.length);
      // dimsOf reads back what collapse wrote.
      for (const d of r.linkDays) for (const [dim, v, n] of dimsOf(d.dims)) expect(n).toBe(expectLink.get(`${d.link_id}/${d.day}`)!.dims[`${dim}:${v}`]);
      const keys = r.linkDays.map((d) => [d.link_id, d.day]);
      expect(keys).toEqual([...keys].sort((x, y) => x[0]! - y[0]! || x[1]! - y[1]!));
    }), { numRuns: 500 });
  });

  it('counts right across the point where it forgets the values it has seen (thousands of new referrer hosts)', () => {
    // Each click a new host, then the first host again: counts must not split when the remembered values are dropped mid-batch.
    const clicks: ClickRecord[] = [];
    for (let i = 0; i < 7000; i++) {
      const base = { link_id: 1, user_id: 1, created_at: 0, country: 'DE', platform: null, browser: null, language: null };
      clicks.push({ ...base, referrer: `h${i}.example.com` }, { ...base, referrer: 'h0.example.com' });
    }
    const r = collapse(clicks, () => 0);
    const dims = JSON.parse(r.linkDays[0]!.dims) as Record<string, number>;
    expect(dims['5:h0.example.com']).toBe(7001);
    expect(dims['1:DE']).toBe(14_000);
    expect(Object.keys(dims)).toHaveLength(7001);
    expect(JSON.stringify(dims).length).toBe(r.linkDays[0]!.dims.length); // no key written twice
    expect(r.userDims.find((d) => d.value === 'h0.example.com')!.clicks).toBe(7001);
    expect(r.userDims).toHaveLength(7001);
  });
});
