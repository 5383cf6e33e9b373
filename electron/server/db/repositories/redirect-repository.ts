// Data access for the redirect server. Every other repository goes through
// Kysely; this one prepares its statements on the better-sqlite3 handle once,
// because it runs on every short-link request: a prepared statement skips
// Kysely's per-call query compilation and the promise round trip, which is a
// large share of the time a redirect takes. The statements stay plain SQL that
// PostgreSQL also understands, apart from `ifnull` (coalesce there).
import { randomBytes } from 'node:crypto';
import type { Store } from '../database.ts';
import { isoNow } from '../../util/time.ts';

/** The columns a redirect decision needs. */
export interface RedirectLink {
  id: number;
  alias: string;
  url: string;
  title: string | null;
  domain_id: number | null;
  disabled: number;
  privacy: number;
  password_hash: string | null;
  privacy_password_hash: string | null;
  expiration_url: string | null;
  ends_at: number | null;
  expiration_clicks: number | null;
  target_type: number;
  targets: string;
  clicks: number;
  rotation_next: number;
  created_at: string;
  has_pixels: number;
}

export interface RedirectDomain { id: number; name: string; index_page: string | null; not_found_page: string | null }

export interface ClickRecord {
  link_id: number;
  created_at: number;
  country: string | null;
  platform: string | null;
  browser: string | null;
  language: string | null;
  referrer: string | null;
}

const LINK_COLUMNS = `links.id, links.alias, links.url, links.title, links.domain_id, links.disabled, links.privacy,
  links.password_hash, links.privacy_password_hash, links.expiration_url, links.ends_at, links.expiration_clicks,
  links.target_type, links.targets, links.clicks, links.rotation_next, links.created_at,
  EXISTS (SELECT 1 FROM link_pixels WHERE link_pixels.link_id = links.id) AS has_pixels`;

export function createRedirectRepository(store: Store) {
  const { sqlite } = store;
  // A Host that names no domain is the default domain (domain_id NULL, 0 in the
  // unique index), so one statement serves both; it matches the expression of
  // links_domain_alias and is answered from that index.
  const byHostAlias = sqlite.prepare<[string, string], RedirectLink>(
    `SELECT ${LINK_COLUMNS} FROM links
     WHERE ifnull(links.domain_id, 0) = ifnull((SELECT id FROM domains WHERE name = ?), 0) AND links.alias = ?`);
  const domainByName = sqlite.prepare<[string], RedirectDomain>(
    'SELECT id, name, index_page, not_found_page FROM domains WHERE name = ?');
  const pixelsOf = sqlite.prepare<[number], { type: string; pixel_id: string }>(
    `SELECT pixels.type, pixels.pixel_id FROM link_pixels JOIN pixels ON pixels.id = link_pixels.pixel_id
     WHERE link_pixels.link_id = ? ORDER BY pixels.id`);
  // The click budget is spent with a conditional UPDATE: whichever request
  // runs it when one click is left gets it, and nobody gets click N+1.
  const spendLimited = sqlite.prepare<[number]>(
    'UPDATE links SET clicks = clicks + 1 WHERE id = ? AND expiration_clicks IS NOT NULL AND clicks < expiration_clicks');
  const insertClick = sqlite.prepare<[number, number, string | null, string | null, string | null, string | null, string | null]>(
    'INSERT INTO clicks (link_id, created_at, country, platform, browser, language, referrer) VALUES (?, ?, ?, ?, ?, ?, ?)');
  // A link deleted while its clicks waited in the batch must not fail the
  // whole batch on the foreign key; its clicks are dropped with it.
  const insertClickIfLink = sqlite.prepare<[number, number, string | null, string | null, string | null, string | null, string | null, number]>(
    `INSERT INTO clicks (link_id, created_at, country, platform, browser, language, referrer)
     SELECT ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM links WHERE id = ?)`);
  const addClicks = sqlite.prepare<[number, number]>('UPDATE links SET clicks = clicks + ? WHERE id = ?');
  const setRotation = sqlite.prepare<[number, number]>('UPDATE links SET rotation_next = ? WHERE id = ?');

  const spendTx = sqlite.transaction((c: ClickRecord): boolean => {
    if (spendLimited.run(c.link_id).changes === 0) return false;
    insertClick.run(c.link_id, c.created_at, c.country, c.platform, c.browser, c.language, c.referrer);
    return true;
  });

  const flushTx = sqlite.transaction((clicks: ClickRecord[], counts: Map<number, number>, rotation: Map<number, number>) => {
    for (const c of clicks) insertClickIfLink.run(c.link_id, c.created_at, c.country, c.platform, c.browser, c.language, c.referrer, c.link_id);
    for (const [id, n] of counts) addClicks.run(n, id);
    for (const [id, next] of rotation) setRotation.run(next, id);
  });

  return {
    find(host: string, alias: string): RedirectLink | undefined {
      return byHostAlias.get(host, alias);
    },

    domain(host: string): RedirectDomain | undefined {
      return domainByName.get(host);
    },

    pixels(linkId: number) {
      return pixelsOf.all(linkId);
    },

    /**
     * Records one click on a link with a click limit, in its own transaction,
     * before the visitor is answered. False when the budget is already spent.
     */
    spendLimitedClick(click: ClickRecord): boolean {
      return spendTx(click);
    },

    /** Writes a batch of clicks, click counts and rotation positions in one transaction. */
    flush(clicks: ClickRecord[], counts: Map<number, number>, rotation: Map<number, number>): void {
      flushTx(clicks, counts, rotation);
    },

    /** A per-instance secret, created on first use. Not on the hot path, so Kysely. */
    async secret(name: string): Promise<Buffer> {
      await store.db.insertInto('instance_secrets')
        .values({ name, value: randomBytes(32).toString('base64'), created_at: isoNow() })
        .onConflict((oc) => oc.column('name').doNothing()).execute();
      const row = await store.db.selectFrom('instance_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
      return Buffer.from(row.value, 'base64');
    },
  };
}
export type RedirectRepository = ReturnType<typeof createRedirectRepository>;
