// Seeds a data folder with N links for one user, straight through SQL in large
// transactions (the API would take hours for a million). Triggers keep the
// search index in step, exactly as for links created through the API.
import type { Store } from '../../electron/server/db/database.ts';
import type { PostgresStore } from '../../electron/server/db/postgres.ts';
import { createUsersRepository } from '../../electron/server/db/repositories/users-repository.ts';

export const WORDS = ['alpha', 'bravo', 'garden', 'rocket', 'summer', 'winter', 'market', 'travel', 'recipe', 'guitar', 'planet', 'coffee',
  'silver', 'forest', 'harbor', 'motion', 'violet', 'canyon', 'pixel', 'vector', 'lantern', 'meadow', 'quartz', 'saturn', 'tundra', 'zephyr'];

let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
const pick = <T>(a: readonly T[]) => a[Math.floor(rand() * a.length)]!;
const B62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** The bench's links, the same for both engines: [alias, url, title, disabled, ends_at, expiration_clicks, created, clicks]. */
type Row = [string, string, string, number, number | null, number | null, string, number];
function* linkRows(count: number, now: number): Generator<Row> {
  for (let i = 0; i < count; i++) {
    const alias = `${i.toString(36)}${B62[Math.floor(rand() * 62)]}${B62[Math.floor(rand() * 62)]}`;
    const w1 = pick(WORDS), w2 = pick(WORDS);
    const r = rand();
    const created = new Date(now - (count - i) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    yield [alias, `https://www.${w1}${i % 997}.example/${w2}/${i}`, `${w1[0]!.toUpperCase()}${w1.slice(1)} ${w2} guide ${i % 1000}`,
      r < 0.05 ? 1 : 0, r >= 0.05 && r < 0.08 ? now - 86_400_000 : r > 0.9 ? now + 86_400_000 * 365 : null,
      r >= 0.08 && r < 0.1 ? 10 : null, created, Math.floor(rand() * (r >= 0.08 && r < 0.1 ? 20 : 5000))];
  }
}

export async function seedLinks(store: Store, count: number, onProgress?: (done: number) => void) {
  const { key, userId } = await createUsersRepository(store.db).createUserWithKey('bench');
  const insert = store.sqlite.prepare(`INSERT INTO links (user_id, alias, url, title, disabled, ends_at, expiration_clicks, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  // The insert trigger made the counter row; the clicks go there.
  const count_ = store.sqlite.prepare('UPDATE link_clicks SET clicks = ? WHERE link_id = ?');
  const aliases: string[] = [];
  const rows = linkRows(count, Date.now());
  const batch = store.sqlite.transaction((n: number) => {
    for (let i = 0; i < n; i++) {
      const [alias, url, title, disabled, endsAt, limit, created, clicks] = rows.next().value as Row;
      aliases.push(alias);
      const id = insert.run(userId, alias, url, title, disabled, endsAt, limit, created, created).lastInsertRowid;
      count_.run(clicks, id);
    }
  });
  const step = 50_000;
  for (let i = 0; i < count; i += step) {
    batch(Math.min(step, count - i));
    onProgress?.(Math.min(count, i + step));
  }
  store.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  store.sqlite.exec('ANALYZE');
  return { key, userId, aliases };
}

/**
 * The same links in PostgreSQL, 10,000 to a statement. The per-row insert
 * trigger would update one link_counts row per link; it is off for the load
 * and its rows are written in bulk.
 */
export async function seedLinksPostgres(store: PostgresStore, count: number, onProgress?: (done: number) => void) {
  const { key, userId } = await createUsersRepository(store.db).createUserWithKey('bench');
  const aliases: string[] = [];
  const rows = linkRows(count, Date.now());
  const client = await store.pool.connect();
  try {
    await client.query('ALTER TABLE links DISABLE TRIGGER links_after_insert');
    const step = 10_000;
    for (let i = 0; i < count; i += step) {
      const batch: Row[] = [];
      for (let j = 0; j < Math.min(step, count - i); j++) batch.push(rows.next().value as Row);
      const col = (k: number) => batch.map((r) => r[k]);
      aliases.push(...(col(0) as string[]));
      await client.query(`WITH l AS (
          INSERT INTO links (user_id, alias, url, title, disabled, ends_at, expiration_clicks, created_at, updated_at)
          SELECT $1, a, u, t, d, e, x, c, c FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::bigint[], $7::bigint[], $8::text[])
            AS v(a, u, t, d, e, x, c) RETURNING id, alias)
        INSERT INTO link_clicks (link_id, user_id, clicks) SELECT l.id, $1, v.n FROM l JOIN unnest($2::text[], $9::bigint[]) AS v(a, n) ON v.a = l.alias`,
      [userId, col(0), col(1), col(2), col(3), col(4), col(5), col(6), col(7)]);
      onProgress?.(Math.min(count, i + step));
    }
    await client.query(`INSERT INTO link_counts (user_id, total, disabled) SELECT user_id, count(*), count(*) FILTER (WHERE disabled <> 0) FROM links GROUP BY user_id
      ON CONFLICT (user_id) DO UPDATE SET total = excluded.total, disabled = excluded.disabled`);
  } finally {
    await client.query('ALTER TABLE links ENABLE TRIGGER links_after_insert');
    await client.query('VACUUM ANALYZE');
    client.release();
  }
  return { key, userId, aliases };
}
