// Data access for the redirect server. Every other repository goes through
// Kysely; this one prepares its statements on the better-sqlite3 handle once,
// because it runs on every short-link request: a prepared statement skips
// Kysely's per-call query compilation and the promise round trip, which is a
// large share of the time a redirect takes. The statements stay plain SQL that
// PostgreSQL also understands, apart from `ifnull` (coalesce there).
import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Store } from '../database.ts';
import { isoNow } from '../../util/time.ts';

/** The columns a redirect decision needs. */
export interface RedirectLink {
  id: number;
  user_id: number;
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
  /**
   * The counter, read (and then kept current, clicks.ts) only for links with
   * a click limit, the one rule that needs it; 0 for the others.
   */
  clicks: number;
  rotation_next: number;
  created_at: string;
  has_pixels: number;
  /** The card link-preview crawlers get (preview-page.ts); all null for most links. */
  preview_title: string | null;
  preview_description: string | null;
  preview_image: string | null;
  /** The active period's start, Unix ms UTC (migration 15); before it the link answers as expired. */
  starts_at: number | null;
  /** 1: the sensitive-content warning comes first. */
  sensitive_content: number;
  /** The `rules` JSON as stored (null: none); compiled by the rules code when the link is cached. */
  rules: string | null;
  /** Unix ms of the link's ban (migration 17); null: not banned. A banned link never redirects (banned-page.ts). */
  banned_at: number | null;
  /** 1: banned for a legal reason (451). */
  ban_legal: number;
  ban_source: string | null;
  /** 1: its owner is suspended with links=stop (403, like a ban). */
  owner_stopped: number;
}

export interface RedirectDomain { id: number; name: string; index_page: string | null; not_found_page: string | null }

/** A changed link (`domain_id` 0 for the instance's own host, and `alias`) or domain (`host`). */
export interface RedirectChange { seq: number; domain_id: number | null; alias: string | null; host: string | null }

export const LINK_COLUMNS = `links.id, links.user_id, links.alias, links.url, links.title, links.domain_id, links.disabled, links.privacy,
  links.password_hash, links.privacy_password_hash, links.expiration_url, links.ends_at, links.expiration_clicks,
  links.target_type, links.targets,
  CASE WHEN links.expiration_clicks IS NULL THEN 0 ELSE ifnull((SELECT clicks FROM link_clicks WHERE link_id = links.id), 0) END AS clicks,
  links.rotation_next, links.created_at,
  EXISTS (SELECT 1 FROM link_pixels WHERE link_pixels.link_id = links.id) AS has_pixels,
  links.preview_title, links.preview_description, links.preview_image, links.starts_at, links.sensitive_content, links.rules,
  links.banned_at, links.ban_legal, links.ban_source, (SELECT links_stopped FROM users WHERE users.id = links.user_id) AS owner_stopped`;

export function createRedirectRepository(store: Store) {
  const { sqlite } = store;
  // Domain 0 is the instance's own host (domain_id NULL, 0 in the unique
  // index); the expression matches links_domain_alias and is answered from it.
  const byDomainAlias = sqlite.prepare<[number, string], RedirectLink>(
    `SELECT ${LINK_COLUMNS} FROM links WHERE ifnull(links.domain_id, 0) = ? AND links.alias = ?`);
  const linksAfter = sqlite.prepare<[number, number], RedirectLink>(
    `SELECT ${LINK_COLUMNS} FROM links WHERE links.id > ? ORDER BY links.id LIMIT ?`);
  const domainByName = sqlite.prepare<[string], RedirectDomain>(
    'SELECT id, name, index_page, not_found_page FROM domains WHERE name = ?');
  const changes = sqlite.prepare<[number], RedirectChange>(
    'SELECT seq, domain_id, alias, host FROM redirect_changes WHERE seq > ? ORDER BY seq LIMIT 10000');
  const lastChange = sqlite.prepare<[], number>("SELECT ifnull((SELECT seq FROM sqlite_sequence WHERE name = 'redirect_changes'), 0)").pluck();
  // The rotation's turn lives in the database, so processes on one data
  // folder take turns together; RETURNING gives this request its entry.
  // The position is kept within the list's length, so an edited list goes on from there.
  const turn = sqlite.prepare<{ id: number; n: number }, number>(
    'UPDATE links SET rotation_next = (rotation_next % :n + 1) % :n WHERE id = :id RETURNING (rotation_next + :n - 1) % :n').pluck();
  const clicksOf = sqlite.prepare<[number], number>('SELECT clicks FROM link_clicks WHERE link_id = ?').pluck();
  const peekTurn = sqlite.prepare<[number], number>('SELECT rotation_next FROM links WHERE id = ?').pluck();
  const relaxed = sqlite.prepare('PRAGMA synchronous = NORMAL');
  const strict = sqlite.prepare('PRAGMA synchronous = FULL');
  const pixelsOf = sqlite.prepare<[number], { type: string; pixel_id: string }>(
    `SELECT pixels.type, pixels.pixel_id FROM link_pixels JOIN pixels ON pixels.id = link_pixels.pixel_id
     WHERE link_pixels.link_id = ? ORDER BY pixels.id`);
  return {
    /** The link with `alias` on domain `domainId` (0: the instance's own host). */
    find(domainId: number, alias: string): RedirectLink | undefined {
      return byDomainAlias.get(domainId, alias);
    },

    /** Up to `limit` links with ids above `afterId`, in id order: for warming the cache. */
    linksAfter(afterId: number, limit: number): RedirectLink[] {
      return linksAfter.all(afterId, limit);
    },

    domain(host: string): RedirectDomain | undefined {
      return domainByName.get(host);
    },

    /** A link's click counter as stored now. */
    clicks(linkId: number): number {
      return clicksOf.get(linkId) ?? 0;
    },

    /** Links and domains changed after `seq`, from any connection or process (migration 5's triggers). */
    changesSince(seq: number): RedirectChange[] {
      return changes.all(seq);
    },

    /** The newest change's number: where a fresh cache starts reading. */
    lastChange(): number {
      return lastChange.get() ?? 0;
    },

    /** The rotation entry (of `entries`) to serve; `advance` moves the shared turn on. */
    rotate(linkId: number, entries: number, advance: boolean): number {
      if (!advance) return (peekTurn.get(linkId) ?? 0) % entries;
      // A turn is not worth an fsync of its own (synchronous=FULL costs milliseconds a commit, and every
      // visit of a rotating link takes a turn): with NORMAL it survives the process being killed, and
      // only a power cut may forget the last turns, which merely repeats an entry.
      relaxed.run();
      try {
        return (turn.get({ id: linkId, n: entries }) ?? 0) % entries;
      } finally {
        strict.run();
      }
    },

    pixels(linkId: number) {
      return pixelsOf.all(linkId);
    },

    /** The database file, for the click writer's own connection. */
    file: sqlite.name,

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
