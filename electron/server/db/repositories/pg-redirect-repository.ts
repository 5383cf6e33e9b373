// The redirect server's statements on PostgreSQL (the counterpart of
// redirect-repository.ts): looking up links and domains for the in-memory
// cache (redirect/pg-source.ts), a rotation's turn, a counter, pixels and the
// instance's secrets. Plain pg queries on the pool: they run per request.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { isoNow } from '../../util/time.ts';
import { LINK_COLUMNS, type RedirectDomain, type RedirectLink } from './redirect-repository.ts';

// PostgreSQL spells SQLite's ifnull as coalesce; EXISTS comes back as a boolean.
const PG_LINK_COLUMNS = LINK_COLUMNS.replace('ifnull(', 'coalesce(');
const fromRow = (r: RedirectLink & { has_pixels: unknown }): RedirectLink => ({ ...r, has_pixels: r.has_pixels ? 1 : 0 });
const DOMAIN_COLUMNS = 'id, name, index_page, not_found_page';

export function createPgRedirectRepository(pool: pg.Pool) {
  return {
    async find(domainId: number, alias: string): Promise<RedirectLink | undefined> {
      const r = await pool.query(`SELECT ${PG_LINK_COLUMNS} FROM links WHERE coalesce(links.domain_id, 0) = $1 AND links.alias = $2`, [domainId, alias]);
      return r.rows[0] ? fromRow(r.rows[0]) : undefined;
    },

    /** Up to `limit` links with ids above `afterId`, in id order. */
    async linksAfter(afterId: number, limit: number): Promise<RedirectLink[]> {
      return (await pool.query(`SELECT ${PG_LINK_COLUMNS} FROM links WHERE links.id > $1 ORDER BY links.id LIMIT $2`, [afterId, limit])).rows.map(fromRow);
    },

    async domain(host: string): Promise<RedirectDomain | undefined> {
      return (await pool.query(`SELECT ${DOMAIN_COLUMNS} FROM domains WHERE name = $1`, [host])).rows[0];
    },

    async domains(): Promise<RedirectDomain[]> {
      return (await pool.query(`SELECT ${DOMAIN_COLUMNS} FROM domains`)).rows;
    },

    /** The newest change-feed number committed. */
    async lastChange(): Promise<number> {
      return Number((await pool.query('SELECT coalesce(max(seq), 0) AS s FROM redirect_changes')).rows[0].s);
    },

    /** The rotation entry (of `entries`) to serve; `advance` moves the shared turn on. */
    async rotate(linkId: number, entries: number, advance: boolean): Promise<number> {
      const r = advance
        ? await pool.query('UPDATE links SET rotation_next = (rotation_next % $2 + 1) % $2 WHERE id = $1 RETURNING (rotation_next + $2 - 1) % $2 AS at', [linkId, entries])
        : await pool.query('SELECT rotation_next AS at FROM links WHERE id = $1', [linkId]);
      return Number(r.rows[0]?.at ?? 0) % entries;
    },

    async clicks(linkId: number): Promise<number> {
      return Number((await pool.query('SELECT clicks FROM link_clicks WHERE link_id = $1', [linkId])).rows[0]?.clicks ?? 0);
    },

    async pixels(linkId: number): Promise<{ type: string; pixel_id: string }[]> {
      return (await pool.query(`SELECT pixels.type, pixels.pixel_id FROM link_pixels JOIN pixels ON pixels.id = link_pixels.pixel_id
        WHERE link_pixels.link_id = $1 ORDER BY pixels.id`, [linkId])).rows;
    },

    /** A per-instance secret, created on first use (by whichever node comes first). */
    async secret(name: string): Promise<Buffer> {
      await pool.query('INSERT INTO instance_secrets (name, value, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING',
        [name, randomBytes(32).toString('base64'), isoNow()]);
      return Buffer.from((await pool.query('SELECT value FROM instance_secrets WHERE name = $1', [name])).rows[0].value, 'base64');
    },
  };
}
export type PgRedirectRepository = ReturnType<typeof createPgRedirectRepository>;
