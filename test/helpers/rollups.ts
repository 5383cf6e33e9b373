// Clicks written straight into the daily rollups, so each sits on a known day
// (and hour): what the click writer leaves for `clicks` clicks on `date` in
// the instance's time zone. Both engines.
import { createClickStore } from '../../electron/server/db/repositories/click-store.ts';
import { DIMENSIONS, dimsOf, type ClickRecord, type Dimension } from '../../electron/server/db/repositories/click-rollup.ts';
import { createPgClickStore } from '../../electron/server/db/repositories/pg-click-store.ts';
import { bucketOf, dayOfDate } from '../../electron/server/util/days.ts';
import type { TestServer } from './server.ts';

/** The server's own click writer on its engine with a value cap of `cap`: a batch written, and a round of upkeep (fold, purge). */
export function clickWriterOf(s: Pick<TestServer, 'store'>, cap: number) {
  const { store } = s;
  if (store.engine === 'postgres') {
    const pg = createPgClickStore(store.pool, 'UTC', { cap });
    return { write: (c: ClickRecord[]): Promise<unknown> => pg.write(c), upkeep: (): Promise<unknown> => pg.upkeep(Date.now(), null) };
  }
  const sq = createClickStore(store.sqlite, 'UTC', { cap });
  return { write: async (c: ClickRecord[]): Promise<unknown> => sq.write(c), upkeep: async (): Promise<unknown> => sq.upkeep(Date.now(), null) };
}

export type Dims = Partial<Record<Dimension, Record<string, number>>>;

export async function addClicks(s: Pick<TestServer, 'sql'>, linkId: number, date: string, clicks: number, dims: Dims = {}) {
  const [{ user_id: userId }] = await s.sql('SELECT user_id FROM links WHERE id = $1', [linkId]);
  const day = dayOfDate(date);
  const upsert = (table: string, key: string, cols: string, values: unknown[]) => s.sql(
    `INSERT INTO ${table} (${key}, ${cols}, clicks) VALUES (${values.map((_, i) => `$${i + 1}`).join(', ')})
     ON CONFLICT (${key}, ${cols}) DO UPDATE SET clicks = ${table}.clicks + excluded.clicks`, values);
  // The link-day's row, its [dim, value, clicks] entries added to (JSON text on SQLite, jsonb on PostgreSQL).
  const [row] = await s.sql('SELECT clicks, dims FROM click_days WHERE link_id = $1 AND day = $2', [linkId, day]);
  const linkDims = dimsOf(row?.dims ?? '[]');
  for (const [name, values] of Object.entries(dims) as [Dimension, Record<string, number>][]) {
    for (const [value, n] of Object.entries(values)) {
      const e = linkDims.find(([d, v]) => d === DIMENSIONS[name] && v === value);
      if (e) e[2] += n;
      else linkDims.push([DIMENSIONS[name], value, n]);
    }
  }
  await s.sql(`INSERT INTO click_days (link_id, day, user_id, clicks, dims) VALUES ($1, $2, $3, $4, $5)
    ON CONFLICT (link_id, day) DO UPDATE SET clicks = excluded.clicks, dims = excluded.dims`, [linkId, day, userId, (row?.clicks ?? 0) + clicks, JSON.stringify(linkDims)]);
  await upsert('account_days', 'user_id', 'day', [userId, day, clicks]);
  await s.sql('UPDATE link_clicks SET clicks = clicks + $1 WHERE link_id = $2', [clicks, linkId]);
  for (const [name, values] of Object.entries(dims) as [Dimension, Record<string, number>][]) {
    for (const [value, n] of Object.entries(values)) {
      await upsert('account_dims', 'user_id', 'dim, day, value', [userId, DIMENSIONS[name], day, value, n]);
      // The month's sums too, as the click writer keeps them (no hours).
      if (name !== 'hour') await upsert('account_month_dims', 'user_id', 'dim, month, value', [userId, DIMENSIONS[name], bucketOf(day, 'month'), value, n]);
    }
  }
}
