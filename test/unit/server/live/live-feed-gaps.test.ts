// PostgreSQL hands out click ids before commit: a slower transaction can
// commit id 2 after id 3 was read. The feed asks for skipped ids again, so
// such a click still reaches the stream (once), and gives up on an id that
// never commits after the settle time. Fake rows, a real feed, a real socket.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLiveFeed } from '../../../../electron/server/api/live/live-feed.ts';
import type { LiveClickRow } from '../../../../electron/server/db/repositories/live-clicks-repository.ts';

const row = (id: number): LiveClickRow => ({
  id, link_id: 7, user_id: 1, domain_id: null, alias: `a${id}`, created_at: Date.UTC(2026, 10, 20), country: 'GB', city: null, device: 'mobile', source: 'link',
});

const closers: (() => void)[] = [];
afterEach(() => { for (const c of closers.splice(0)) c(); });

describe('live feed, ids committed out of order', () => {
  it('delivers a click whose lower id commits after a higher one was read, exactly once', async () => {
    const committed = new Map<number, LiveClickRow>();
    const feed = createLiveFeed({
      outOfOrder: true, pollMs: 10,
      // Long enough that a busy machine pausing this test between two commits cannot make id 2 'never committed'.
      settleMs: 120_000, onError: (e) => { throw e; },
      repo: {
        lastId: async () => 0,
        link: async () => undefined,
        after: async (after, also) => [...committed.values()].filter((r) => r.id > after || also.includes(r.id)).sort((a, b) => a.id - b.id),
      },
    });
    closers.push(() => feed.close());
    const server = http.createServer((_req, res) => {
      void feed.open({ keyId: 1, ownerId: 1, userId: 1, domainId: null, linkId: null }, res).then(() => { res.writeHead(200); res.write(': open\n\n'); });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    closers.push(() => server.close());
    let text = '';
    const got = (alias: string) => new Promise<void>((resolve) => {
      const look = () => (text.includes(`"alias":"${alias}"`) ? resolve() : setTimeout(look, 5));
      look();
    });
    await new Promise<void>((resolve) => {
      http.get(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, (res) => {
        res.setEncoding('utf8');
        res.on('data', (d: string) => { text += d; });
        closers.unshift(() => res.destroy());
        resolve();
      });
    });
    committed.set(1, row(1));
    committed.set(3, row(3));
    await got('a3');
    committed.set(2, row(2)); // the slower transaction commits now
    await got('a2');
    committed.set(4, row(4));
    await got('a4');
    expect(text.match(/"alias":"a\d"/g)).toEqual(['"alias":"a1"', '"alias":"a3"', '"alias":"a2"', '"alias":"a4"']);
  });
});
