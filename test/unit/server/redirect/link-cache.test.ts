// The redirect server's link cache on a real SQLite file: bounded by memory,
// and a scanner's unknown aliases never push out the links people click.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openStore, type Store } from '../../../../electron/server/db/database.ts';
import { createRedirectRepository } from '../../../../electron/server/db/repositories/redirect-repository.ts';
import { createLinkCache, linkBytes } from '../../../../electron/server/redirect/link-cache.ts';

let dir: string;
let store: Store;
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

function world(links: { alias: string; url: string }[]) {
  dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-cache-'));
  store = openStore(dir);
  const now = new Date().toISOString();
  const user = store.sqlite.prepare('INSERT INTO users (name, created_at) VALUES (?, ?)').run('c', now).lastInsertRowid;
  const insert = store.sqlite.prepare('INSERT INTO links (user_id, alias, url, created_at, updated_at) VALUES (?, ?, ?, ?, ?)');
  store.sqlite.transaction(() => { for (const l of links) insert.run(user, l.alias, l.url, now, now); })();
  // Every read the cache sends to the database, by alias.
  const repo = createRedirectRepository(store);
  const reads = new Map<string, number>();
  const find = repo.find.bind(repo);
  repo.find = (domainId, alias) => {
    reads.set(alias, (reads.get(alias) ?? 0) + 1);
    return find(domainId, alias);
  };
  return { repo, reads };
}

it('keeps a hot link in memory through 200,000 lookups of unknown aliases', () => {
  const { repo, reads } = world([{ alias: 'hot', url: 'https://example.com/hot' }]);
  const cache = createLinkCache(repo);
  expect(cache.link(0, 'hot')?.url).toBe('https://example.com/hot');
  for (let i = 0; i < 200_000; i++) {
    expect(cache.link(0, `probe${i}`)).toBeUndefined();
    if (i % 1000 === 0) expect(cache.link(0, 'hot')?.url).toBe('https://example.com/hot');
  }
  expect(cache.link(0, 'hot')?.url).toBe('https://example.com/hot');
  expect(reads.get('hot')).toBe(1); // read once, answered from memory ever after
  expect(reads.get('probe199999')).toBe(1);
  // A recent unknown alias is remembered too (a scanner's repeat costs no read)…
  cache.link(0, 'probe199999');
  expect(reads.get('probe199999')).toBe(1);
  // …but only so many of them: the oldest were forgotten.
  cache.link(0, 'probe0');
  expect(reads.get('probe0')).toBe(2);
});

it('holds no more links than its memory bound, dropping the least recently used', () => {
  const long = 'x'.repeat(2000);
  const links = Array.from({ length: 3000 }, (_, i) => ({ alias: `l${i}`, url: `https://example.com/${long}/${i}` }));
  const { repo, reads } = world(links);
  const bound = 1 << 20;
  const cache = createLinkCache(repo, bound);
  const size = linkBytes(repo.find(0, 'l0')!);
  const fits = Math.floor(bound / size);
  expect(fits).toBeLessThan(links.length);
  for (let i = 0; i < links.length; i++) cache.link(0, `l${i}`);
  reads.clear();
  // The most recent `fits` links are in memory; the first ones were dropped.
  for (let i = links.length - fits + 1; i < links.length; i++) cache.link(0, `l${i}`);
  expect(reads.size).toBe(0);
  cache.link(0, 'l0');
  expect(reads.get('l0')).toBe(1);
});

it('sees a link created after its alias was looked up and not found', () => {
  const { repo } = world([]);
  const cache = createLinkCache(repo);
  expect(cache.link(0, 'later')).toBeUndefined();
  const now = new Date().toISOString();
  store.sqlite.prepare('INSERT INTO links (user_id, alias, url, created_at, updated_at) VALUES (1, ?, ?, ?, ?)').run('later', 'https://example.com/later', now, now);
  cache.touch();
  cache.sync();
  expect(cache.link(0, 'later')?.url).toBe('https://example.com/later');
});

it('warms with every link, paced while the server is busy and back to back while it is idle, and says when it is done', async () => {
  // 20 slices of 250.
  const links = Array.from({ length: 5000 }, (_, i) => ({ alias: `w${i}`, url: `https://example.com/${i}` }));
  const { repo, reads } = world(links);
  let slices = 0;
  const linksAfter = repo.linksAfter.bind(repo);
  repo.linksAfter = (after, limit) => {
    slices += 1;
    return linksAfter(after, limit);
  };
  const cache = createLinkCache(repo);
  let busy = true;
  let done = false;
  const began = performance.now();
  cache.warm(() => busy, () => { done = true; }, 20);
  // A server answering request after request: a slice every 20 ms at most (back to back, all 21 take a few ms).
  await new Promise((r) => setTimeout(r, 70));
  const paced = slices;
  const elapsed = performance.now() - began;
  expect(paced).toBeGreaterThan(0);
  expect(paced).toBeLessThanOrEqual(Math.ceil(elapsed / 20) + 1);
  expect(done).toBe(false);
  busy = false;
  await expect.poll(() => done).toBe(true);
  expect(slices).toBe(21); // the last one short: nothing more to read
  // Every link answered from memory: none looked up.
  for (const l of links) expect(cache.link(0, l.alias)?.url).toBe(l.url);
  expect(reads.size).toBe(0);
});

it('stops warming when the server closes', async () => {
  const { repo } = world(Array.from({ length: 2000 }, (_, i) => ({ alias: `s${i}`, url: `https://example.com/${i}` })));
  const cache = createLinkCache(repo);
  let done = 0;
  cache.warm(() => true, () => { done += 1; });
  cache.stop();
  await new Promise((r) => setTimeout(r, 30));
  // The waiting slice was cleared: nothing more runs.
  expect(done).toBe(0);
});
