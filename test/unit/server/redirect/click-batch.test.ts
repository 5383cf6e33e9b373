// Packed batches (click-batch.ts): the writer's once-per-value enrichment of
// what crosses to it must store exactly what enriching each click the request
// thread saw, alone, would.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClickPacker, enrichPacked, linkIdsOf, packClicks } from '../../../../electron/server/redirect/click-batch.ts';
import { enrich, type RawClick } from '../../../../electron/server/redirect/enrich.ts';
import { openCountryLookup } from '../../../../electron/server/redirect/geoip.ts';

// Few values, so batches repeat them as real traffic does; some absent; a bot among the browsers.
const UAS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  '',
];
const raw: fc.Arbitrary<RawClick> = fc.record({
  link_id: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  user_id: fc.integer({ min: 1, max: 1000 }),
  created_at: fc.integer({ min: 0, max: 4_102_444_800_000 }),
  ip: fc.constantFrom('81.2.69.160', '2.125.160.216', '127.0.0.1', '::1', '2001:db8::1', ''),
  ua: fc.option(fc.constantFrom(...UAS), { nil: undefined }),
  ch: fc.option(fc.constantFrom('"Windows"', '"macOS"', '"Linux"', 'nonsense'), { nil: undefined }),
  lang: fc.option(fc.constantFrom('de-DE,de;q=0.9,en;q=0.8', 'fr', '*', ''), { nil: undefined }),
  referer: fc.option(fc.oneof(fc.constantFrom('https://news.example.org/item?id=1', 'not a url', 'ftp://x.example/'), fc.string()), { nil: undefined }),
});

describe('packed click batches', () => {
  const geo = openCountryLookup();

  it('enriches a batch as each click alone would be, bots left out', () => {
    fc.assert(fc.property(fc.array(raw, { maxLength: 300 }), (clicks) => {
      const one = clicks.flatMap((c) => enrich(c, geo) ?? []);
      expect(enrichPacked(packClicks(clicks), geo)).toEqual(one);
    }), { numRuns: 300 });
  });

  it('keeps each distinct value once, grows past its first size, and starts afresh after take()', () => {
    const p = new ClickPacker(2);
    const click = (link_id: number): RawClick => ({
      link_id, user_id: 7, created_at: 1, ip: '127.0.0.1', ua: UAS[0], ch: undefined, lang: 'fr', referer: undefined,
    });
    let bytes = 0;
    for (let i = 1; i <= 1000; i++) bytes += p.add(click(i));
    expect(p.bytes).toBe(bytes);
    // A thousand clicks with the same three values: the values counted once, not a thousand times.
    expect(bytes).toBeLessThan(1000 * 64);
    expect(p.has(1000) && p.has(1) && !p.has(1001)).toBe(true);
    const batch = p.take();
    expect(batch.length).toBe(1000);
    expect(batch.strings).toEqual(['127.0.0.1', UAS[0], 'fr']);
    expect(linkIdsOf(batch)).toEqual(new Set(Array.from({ length: 1000 }, (_, i) => i + 1)));
    expect([p.length, p.bytes, p.has(1)]).toEqual([0, 0, false]);
    p.add(click(5));
    expect(p.take().strings).toEqual(['127.0.0.1', UAS[0], 'fr']);
    expect(batch.nums.length).toBe(4000); // the batch taken before is its own (4 numbers a click), not the packer's buffer
  });
});
