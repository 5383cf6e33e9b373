// The API's repositories answer the same on PostgreSQL as on SQLite: the same
// records written through each, then every list filter, search, sort, page and
// total compared, and statistics over the same rollups. Real SQLite file, real
// throw-away PostgreSQL cluster.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LINK_SEARCH_BY, LINK_SORT_BY } from '../../../shared/constants.ts';
import type { LinkListQuery } from '../../../shared/schemas/links.ts';
import { createRepositories, type Repositories } from '../../../electron/server/api/context.ts';
import { openStore, type Store } from '../../../electron/server/db/database.ts';
import { openPostgres, type PostgresStore } from '../../../electron/server/db/postgres.ts';
import { startPostgres, type PgCluster } from '../../helpers/postgres.ts';

const NOW = Date.parse('2025-06-15T12:00:00Z');
const DAY = 86_400_000;
let cluster: PgCluster;
let dir: string;
let lite: Store;
let pgStore: PostgresStore;
const engines: { name: string; repos: Repositories; exec(sql: string, values: unknown[]): Promise<unknown> }[] = [];
let userId = 0;
const ids = { domain: 0, space: 0, pixel: 0 };

// Titles that tell engines apart if they differ: case, NULL, byte order of
// upper/lower case and accents, LIKE's own wildcards in the text.
const TITLES = [null, 'Alpha report', 'alpha notes', 'ALPHABET', 'Zebra', 'zebra crossing', 'Émile', 'emile', '100% sure', 'snake_case tips',
  'Rocket launch', 'rocket', 'Café au lait', 'CAFÉ', 'a_b', 'ab', 'Ünïcode', 'garden', 'Garden party', null];

beforeAll(async () => {
  cluster = await startPostgres();
  dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-parity-'));
  lite = openStore(dir);
  pgStore = await openPostgres(cluster.url);
  engines.push(
    { name: 'sqlite', repos: createRepositories(lite), exec: async (sql, values) => lite.sqlite.prepare(sql.replace(/\$\d+/g, '?')).run(...values) },
    { name: 'postgres', repos: createRepositories(pgStore), exec: (sql, values) => pgStore.pool.query(sql, values) },
  );
  for (const e of engines) {
    const { userId: u } = await e.repos.users.createUserWithKey('owner');
    userId = u;
    const other = await e.repos.users.createUserWithKey('other');
    ids.domain = await e.repos.domains.create(u, { name: 'go.example', index_page: null, not_found_page: null });
    ids.space = await e.repos.spaces.create(u, { name: 'Campaigns', color: 'blue' });
    ids.pixel = await e.repos.pixels.create(u, { name: 'Meta', type: 'facebook', pixel_id: '123' });
    for (let i = 0; i < 60; i++) {
      const title = TITLES[i % TITLES.length] ?? null;
      const id = await e.repos.links.create(u, {
        alias: `${i % 3 === 0 ? 'Promo' : 'link'}_${i}`,
        url: `https://${i % 2 ? 'shop' : 'blog'}.example/${i % 4 ? 'page' : 'Page'}/${i}?q=${i % 5}`,
        title,
        domain_id: i % 4 === 0 ? ids.domain : null,
        space_id: i % 3 === 1 ? ids.space : null,
        disabled: i % 7 === 0 ? 1 : 0,
        ends_at: i % 5 === 0 ? NOW - DAY : i % 5 === 1 ? NOW + DAY : null,
        expiration_clicks: i % 6 === 2 ? 10 : null,
      }, i % 4 === 1 ? [ids.pixel] : []);
      // Clicks with ties, and budgets both spent and not.
      await e.exec('UPDATE link_clicks SET clicks = $1 WHERE link_id = $2', [(i * 7) % 13 + (i % 6 === 2 && i % 12 === 2 ? 10 : 0), id]);
    }
    // Someone else's link, which no list of the owner may show.
    await e.repos.links.create(other.userId, { alias: 'theirs', url: 'https://other.example/', title: 'Alpha of theirs' }, []);
  }
});

afterAll(async () => {
  await lite?.close();
  await pgStore?.close();
  cluster?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const listBoth = async (q: Partial<LinkListQuery>) => {
  const query: LinkListQuery = { search_by: 'title', status: 0, sort_by: 'id', sort: 'desc', per_page: 10, page: 1, ...q } as LinkListQuery;
  const [a, b] = await Promise.all(engines.map(async (e) => {
    const r = await e.repos.links.list(userId, query, NOW);
    return { total: r.total, rows: r.rows.map((l) => `${l.id}:${l.clicks}:${l.domain?.name ?? ''}:${l.space?.name ?? ''}:${l.pixels.length}`) };
  }));
  return [a!, b!] as const;
};

it('lists links the same for every search, field, status and filter', async () => {
  const terms = ['alpha', 'ALPHA', 'al', 'e', '%', '_', 'a_b', '100%', 'café', 'émile', 'promo', 'PAGE', 'shop.example', 'nothing here'];
  let compared = 0;
  let nonEmpty = 0;
  for (const search_by of LINK_SEARCH_BY) {
    for (const search of [undefined, ...terms]) {
      for (const status of [0, 1, 2, 3] as const) {
        const [a, b] = await listBoth({ search, search_by, status, per_page: 100 });
        expect(b, `search_by=${search_by} search=${search} status=${status}`).toEqual(a);
        compared++;
        if (a.total > 0) nonEmpty++;
      }
    }
  }
  for (const f of [{ space_id: ids.space }, { domain_id: ids.domain }, { pixel_id: ids.pixel }, { space_id: ids.space, status: 1 as const, search: 'link' }]) {
    const [a, b] = await listBoth({ ...f, search_by: 'alias', per_page: 100 });
    expect(b, JSON.stringify(f)).toEqual(a);
    expect(a.total).toBeGreaterThan(0);
  }
  // Enough of the comparisons found something for them to mean anything.
  expect(nonEmpty).toBeGreaterThan(compared / 3);
});

it('sorts and pages the same by every column, both ways, NULL titles and ties included', async () => {
  for (const sort_by of LINK_SORT_BY) {
    for (const sort of ['asc', 'desc'] as const) {
      for (const page of [1, 2, 3, 7]) {
        const [a, b] = await listBoth({ sort_by, sort, page, per_page: 10 });
        expect(b, `sort_by=${sort_by} sort=${sort} page=${page}`).toEqual(a);
      }
    }
  }
});

it('lists, searches and sorts domains, spaces and pixels the same', async () => {
  for (const e of engines) {
    for (const name of ['b.example', 'A.example', 'a.example', 'z_1.example']) {
      await e.repos.domains.create(userId, { name, index_page: null, not_found_page: null });
    }
  }
  // Each engine stamped its own rows a moment apart: everything but the timestamps is compared.
  const stamped = (v: unknown) => JSON.parse(JSON.stringify(v, (k, x) => (k === 'created_at' || k === 'updated_at' ? undefined : x)));
  const both = async (f: (r: Repositories) => Promise<unknown>) => Promise.all(engines.map(async (e) => stamped(await f(e.repos))));
  for (const sort of ['asc', 'desc'] as const) {
    const [a, b] = await both((r) => r.domains.list(userId, { sort_by: 'name', sort, page: 1, per_page: 10 } as never));
    expect(b).toEqual(a);
    const [c, d] = await both((r) => r.domains.list(userId, { search: '_', sort_by: 'id', sort, page: 1, per_page: 10 } as never));
    expect(d).toEqual(c);
    const [s1, s2] = await both((r) => r.spaces.list(userId, { search: 'CAMP', sort_by: 'name', sort, page: 1, per_page: 10 }));
    expect(s2).toEqual(s1);
    const [p1, p2] = await both((r) => r.pixels.list(userId, { sort_by: 'name', sort, page: 1, per_page: 10 }));
    expect(p2).toEqual(p1);
  }
});

it('answers statistics the same from the same rollups', async () => {
  const today = Math.floor(NOW / DAY);
  for (const e of engines) {
    for (let d = 0; d < 40; d++) {
      const dims = JSON.stringify({ '1:DE': d, '1:US': 2 * d, '3:Firefox': d % 3, '5:news.example:8080': 1 });
      await e.exec('INSERT INTO click_days (link_id, day, user_id, clicks, dims) VALUES ($1, $2, $3, $4, $5)', [2, today - d, userId, 3 * d + 1, dims]);
      await e.exec('INSERT INTO account_days (user_id, day, clicks) VALUES ($1, $2, $3)', [userId, today - d, 3 * d + 1]);
      await e.exec('INSERT INTO account_dims (user_id, dim, day, value, clicks) VALUES ($1, 1, $2, $3, $4)', [userId, today - d, 'DE', d]);
    }
  }
  for (const range of [{}, { from: today - 29, to: today }, { from: today - 60, to: today - 10, interval: 'week' as const }, { interval: 'month' as const }]) {
    const [a, b] = await Promise.all(engines.map((e) => e.repos.stats.forLink(2, 999, range)));
    expect(b).toEqual(a);
    expect(a!.total).toBeGreaterThan(0);
    const [c, d] = await Promise.all(engines.map((e) => e.repos.stats.forAccount(userId, range)));
    expect(d).toEqual(c);
  }
});
