// QR scans: a short URL carrying Linkdesk's marker (?qr=1, what every QR code
// it draws encodes) is counted as `qr`, and the marker never reaches the
// destination; everything else in the query does, byte for byte. Both the
// fast path (a plain link) and the full path (a link with a click limit).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink, startRedirectServer, within, type RedirectServer } from './helpers.ts';

let s: RedirectServer;
beforeAll(async () => { s = await startRedirectServer(); });
afterAll(async () => { await s.close(); });

const sourcesOf = async (id: number) => {
  const r = await s.api('GET', `/stats/${id}`);
  return Object.fromEntries((r.body.data.sources as { value: string; count: number }[]).map((x) => [x.value, x.count]));
};

describe('QR marker', () => {
  for (const [kind, extra] of [['plain', {}], ['click-limited', { expiration_clicks: '100' }]] as const) {
    it(`a ${kind} link forwards every parameter but qr=1 and counts the scan as qr`, async () => {
      const alias = `qr-${kind}`;
      const link = await createLink(s, { url: 'https://example.com/land?own=1', alias, ...extra });
      const scan = await s.hit(`/${alias}?utm_source=news%20letter&qr=1&b=%22x%22`);
      expect(scan.status).toBe(302);
      expect(scan.location).toBe('https://example.com/land?own=1&utm_source=news%20letter&b=%22x%22');
      expect((await s.hit(`/${alias}?qr=1`)).location).toBe('https://example.com/land?own=1');
      // Not the marker: passed on as the visitor sent it.
      expect((await s.hit(`/${alias}?qr=2&qr&xqr=1`)).location).toBe('https://example.com/land?own=1&qr=2&qr&xqr=1');
      expect((await s.hit(`/${alias}?a=1`)).location).toBe('https://example.com/land?own=1&a=1');
      await within(10_000, async () => {
        expect(await sourcesOf(link.id)).toEqual({ qr: 2, link: 2 });
      });
    });
  }
});
