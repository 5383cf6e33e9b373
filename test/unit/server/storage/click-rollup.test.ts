// The click writer's rollup arithmetic: a batch collapsed per link-day and
// per account-day, and add_counts merging a batch's [dimension, value, clicks]
// entries into a day's stored ones, each dimension keeping at most `cap`
// values and counting the rest under (other). Both must agree with plain
// counting for any values a visitor can send (quotes, backslashes, commas,
// colons, braces, emoji, control characters): values are array elements,
// never object keys, so V8's JSON.parse key mix-up (Node 24: after
// '{"4:\\\\":1}', '{"4:\\"":1}' gives the key 4:\) cannot touch them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCounts, addCountsText, collapse, dimsOf, mergedDims, OTHER_DIM, type ClickRecord, type DimEntry } from '../../../../electron/server/db/repositories/click-rollup.ts';

const DAY = 86_400_000;
const value = fc.oneof(
  fc.constantFrom('DE', 'Chrome', 'en', 'a"b', ',"1:DE":', '{', '}', ':', 'é', '\n', '\t', '5:', '', '\\', '\\"', '"', '😀', '\u0000'),
  fc.string({ maxLength: 6, unit: 'binary' }),
);
const entries = fc.uniqueArray(fc.tuple(fc.integer({ min: 1, max: 5 }), value, fc.integer({ min: 1, max: 1_000_000 })),
  { maxLength: 12, selector: ([d, v]) => `${d}\u0000${v}` });

/** The rule, plainly: the day's values add up; new ones, most clicks first, while the dimension has room; the rest under dim + 100. */
function model(a: DimEntry[], b: DimEntry[], cap: number): Map<string, number> {
  const out = new Map(a.map(([d, v, n]) => [JSON.stringify([d, v]), n]));
  const used = (d: number) => [...out.keys()].filter((k) => (JSON.parse(k) as [number])[0] === d).length;
  const fresh = b.filter(([d, v]) => !out.has(JSON.stringify([d, v])));
  for (const [d, v, n] of b) if (out.has(JSON.stringify([d, v])) && !fresh.some((f) => f[0] === d && f[1] === v)) out.set(JSON.stringify([d, v]), out.get(JSON.stringify([d, v]))! + n);
  for (const [d, v, n] of [...fresh].sort((x, y) => y[2] - x[2])) {
    const k = d < OTHER_DIM && used(d) >= cap ? JSON.stringify([d + OTHER_DIM, '']) : JSON.stringify([d, v]);
    out.set(k, (out.get(k) ?? 0) + n);
  }
  return out;
}
const asMap = (dims: string) => new Map(dimsOf(dims).map(([d, v, n]) => [JSON.stringify([d, v]), n]));

describe('add_counts', () => {
  it('adds as plain counting does, for any values, with and without the cap', () => {
    fc.assert(fc.property(entries, entries, fc.integer({ min: 1, max: 6 }), (a, b, cap) => {
      const day = addCounts('[]', JSON.stringify(a), 1000); // a stored day: never past the cap
      const merged = addCounts(day, JSON.stringify(b), cap);
      expect(asMap(merged)).toEqual(model(a, b, cap));
      // No value twice.
      expect(dimsOf(merged).length).toBe(asMap(merged).size);
      // Values found again after the key mix-up V8 makes with object keys.
      JSON.parse('{"4:\\\\":1}');
      expect(asMap(addCounts(JSON.stringify([[4, '\\', 1]]), JSON.stringify([[4, '"', 1]])))).toEqual(new Map([['[4,"\\\\"]', 1], ['[4,"\\""]', 1]]));
    }), { numRuns: 2000 });
  });

  it('caps an empty day like any other, and reads a day that never had a value', () => {
    expect(addCounts('[]', '[[1,"DE",2]]')).toBe('[[1,"DE",2]]');
    expect(addCounts('{}', '[[1,"DE",2]]')).toBe('[[1,"DE",2]]');
    expect(dimsOf(addCounts('[]', '[[11,"a",1],[11,"b",3],[11,"c",2]]', 2))).toEqual([[11, 'b', 3], [11, 'c', 2], [111, '', 1]]);
  });
});

describe('add_counts on the text (the SQLite writer: a batch merged into the stored day without parsing it)', () => {
  // The batch as collapse() hands it over: its entries, their text up to the count, and the whole text.
  const asBatch = (b: DimEntry[]) => ({ entries: b, heads: b.map(([d, v]) => `[${d},${JSON.stringify(v)},`), dims: JSON.stringify(b) });

  it('gives the very text addCounts gives for any values while the cap cannot be reached, and declines past it', () => {
    let merged = 0;
    let declined = 0;
    fc.assert(fc.property(entries, entries, fc.integer({ min: 1, max: 30 }), (a, b, cap) => {
      const day = addCounts('[]', JSON.stringify(a), 1000);
      const batch = asBatch(b);
      const text = addCountsText(day, batch.entries.map((e) => [...e] as DimEntry), batch.heads, cap);
      const want = addCounts(day, batch.dims, cap);
      if (text === undefined) {
        declined += 1;
        // Declined only for an empty day or where the two could hold more than `cap` entries.
        expect(a.length === 0 || a.length + b.length > cap || Math.floor((day.length - 1) / 9) + b.length > cap).toBe(true);
      } else {
        merged += 1;
        expect(text).toBe(want);
        expect(asMap(text)).toEqual(model(a, b, cap));
      }
    }), { numRuns: 3000 });
    expect(merged).toBeGreaterThan(500);
    expect(declined).toBeGreaterThan(100);
  });

  it('finds a value only as a whole entry, never inside another value or another dimension', () => {
    const day = JSON.stringify([[1, '[2,"x",', 4], [12, 'x', 5], [3, 'x\\",', 6], [2, 'x\\', 7]]);
    const b = asBatch([[2, 'x', 1], [1, 'x', 2], [3, 'x\\', 3], [2, 'x\\', 1]]);
    const text = addCountsText(day, b.entries, b.heads, 1000)!;
    expect(text).toBe(addCounts(day, b.dims, 1000));
    expect(mergedDims(text)).toEqual([[1, '[2,"x",', 4], [12, 'x', 5], [3, 'x\\",', 6], [2, 'x\\', 8], [3, 'x\\', 3], [1, 'x', 2], [2, 'x', 1]]);
  });

  it('is not fooled by values built to look like entries across a value\'s end (a visitor chooses UTM values)', () => {
    // A value ending in `[6,`, then one of dimension 6 spelling the text after that value's closing quote (`,5],[12,`),
    // then a value starting with `,7]`: searched as text, the batch's entry would seem to stand inside the third value.
    const day = JSON.stringify([[11, 'x[6,', 5], [12, ',7]', 1]]);
    const b = asBatch([[6, ',5],[12,', 2]]);
    const text = addCountsText(day, b.entries, b.heads, 1000);
    expect(text ?? addCounts(day, b.dims, 1000)).toBe(addCounts(day, b.dims, 1000));
    expect(mergedDims(text ?? addCounts(day, b.dims, 1000))).toEqual([[11, 'x[6,', 5], [12, ',7]', 1], [6, ',5],[12,', 2]]);
  });

  it('reads a day holding a value twice (text an upgrade wrote otherwise) as one value, its clicks summed, and merges it so', () => {
    // Text written otherwise than JSON.stringify writes it (é as \u00e9): the value is not found as text and is appended again.
    const day = '[[4,"caf\\u00e9",2],[1,"DE",1]]';
    const b = asBatch([[4, 'café', 3]]);
    const text = addCountsText(day, b.entries, b.heads, 1000)!;
    expect(dimsOf(text)).toEqual([[4, 'café', 2], [1, 'DE', 1], [4, 'café', 3]]);
    expect(mergedDims(text)).toEqual([[4, 'café', 5], [1, 'DE', 1]]);
    expect(dimsOf(addCounts(text, '[[4,"x",1]]', 2))).toEqual([[4, 'café', 5], [1, 'DE', 1], [4, 'x', 1]]);
    expect(dimsOf(addCounts(text, '[[4,"y",2],[4,"x",1]]', 2))).toEqual([[4, 'café', 5], [1, 'DE', 1], [4, 'y', 2], [104, '', 1]]);
  });
});

describe('collapse', () => {
  const click = fc.record({
    link_id: fc.integer({ min: 1, max: 6 }),
    created_at: fc.integer({ min: 0, max: 3 * DAY }),
    country: fc.option(value), platform: fc.option(value), browser: fc.option(value),
    language: fc.option(value), referrer: fc.option(value), utm_campaign: fc.option(value),
  }).map((c) => ({ ...c, user_id: c.link_id % 2 }) as ClickRecord);

  it('sums every click once per link-day and per account-day and value, in key order', () => {
    fc.assert(fc.property(fc.array(click, { maxLength: 60 }), (clicks) => {
      const dayOf = (ms: number) => Math.floor(ms / DAY);
      const r = collapse(clicks, dayOf);
      const names = { country: 1, platform: 2, browser: 3, language: 4, referrer: 5, utm_campaign: 13 } as const;
      const expectLink = new Map<string, { clicks: number; dims: Map<string, number> }>();
      const expectUser = new Map<string, number>();
      for (const c of clicks) {
        const k = `${c.link_id}/${dayOf(c.created_at)}`;
        const e = expectLink.get(k) ?? { clicks: 0, dims: new Map() };
        e.clicks += 1;
        const values: [number, string | null | undefined][] = [...Object.entries(names).map(([n, d]) => [d, c[n as keyof typeof names]] as [number, string | null]),
          [9, String(Math.floor((c.created_at % DAY) / 3_600_000))]];
        for (const [d, v] of values) {
          if (v == null) continue;
          const dk = JSON.stringify([d, v]);
          e.dims.set(dk, (e.dims.get(dk) ?? 0) + 1);
          const u = `${c.user_id}/${d}/${dayOf(c.created_at)}/${v}`;
          expectUser.set(u, (expectUser.get(u) ?? 0) + 1);
        }
        expectLink.set(k, e);
      }
      expect(new Map(r.linkDays.map((d) => [`${d.link_id}/${d.day}`, { clicks: d.clicks, dims: asMap(d.dims) }]))).toEqual(expectLink);
      expect(r.linkDays.length).toBe(expectLink.size);
      expect(new Map(r.userDims.map((d) => [`${d.user_id}/${d.dim}/${d.day}/${d.value}`, d.clicks]))).toEqual(expectUser);
      expect(r.userDims.length).toBe(expectUser.size);
      expect(r.userDays.reduce((n, d) => n + d.clicks, 0)).toBe(clicks.length);
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
    const dims = asMap(r.linkDays[0]!.dims);
    expect(dims.get('[5,"h0.example.com"]')).toBe(7001);
    expect(dims.get('[1,"DE"]')).toBe(14_000);
    expect(dims.size).toBe(7000 + 1 + 1); // hosts, the country, the hour
    expect(dimsOf(r.linkDays[0]!.dims)).toHaveLength(dims.size); // no value written twice
    expect(r.linkDays[0]!.over).toBe(true); // past the cap of 1,000: capped as it is stored
    expect(r.userDims.find((d) => d.value === 'h0.example.com')!.clicks).toBe(7001);
  });
});
