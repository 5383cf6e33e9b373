// Migration 17 (issue 44, part B): bans. A banned link (`banned_at`, Unix ms;
// null: not banned) stops redirecting: the redirect cache reads the columns
// with the link (a flag in memory, no lookup per click), and the change feed
// now also follows them, so a ban reaches every process at once. A user
// suspended with `links=stop` has `links_stopped` = 1: every link of theirs
// is announced in the feed when it changes, and the cached links carry it.
// `link_limit_minute`/`link_limit_day`: the admin-set creation limits (null:
// the instance's default); `link_creations` counts creations per user and
// minute (deleting or importing links with old dates does not reset it).
// `banned_hosts`: hosts banned by an admin (no new link may point there).
// `ban_events`: every ban and lift with its reason (the audit log keeps field
// names only, never values): what GET /api/v1/bans and the app show.
import type { Migration } from '../migration-list.ts';

const SQLITE_NOW_MS = `CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)`;
const PG_NOW_MS = '(extract(epoch FROM clock_timestamp()) * 1000)::bigint';
const WATCHED = `alias, url, title, domain_id, user_id, disabled, privacy, password_hash,
  privacy_password_hash, expiration_url, ends_at, expiration_clicks, target_type, targets, created_at,
  starts_at, sensitive_content, rules, preview_title, preview_description, preview_image, banned_at, ban_legal, ban_source`;
const tuple = (row: string) => `(${WATCHED.split(',').map((c) => `${row}.${c.trim()}`).join(', ')})`;

export const linkBans: Migration = {
  version: 18,
  name: 'link_bans',
  sql: `
ALTER TABLE links ADD COLUMN banned_at INTEGER;
ALTER TABLE links ADD COLUMN ban_reason TEXT;
ALTER TABLE links ADD COLUMN ban_legal INTEGER NOT NULL DEFAULT 0;
ALTER TABLE links ADD COLUMN ban_source TEXT;
CREATE INDEX links_banned ON links(banned_at, id) WHERE banned_at IS NOT NULL;
ALTER TABLE users ADD COLUMN links_stopped INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN link_limit_minute INTEGER;
ALTER TABLE users ADD COLUMN link_limit_day INTEGER;
CREATE TABLE link_creations (
  user_id INTEGER NOT NULL,
  minute INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (user_id, minute)
);
CREATE TABLE banned_hosts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  host TEXT NOT NULL UNIQUE,
  reason TEXT NOT NULL,
  legal INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE TABLE ban_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  link_id INTEGER NOT NULL,
  action TEXT NOT NULL,
  reason TEXT NOT NULL,
  legal INTEGER NOT NULL DEFAULT 0,
  source TEXT NOT NULL,
  user_id INTEGER,
  at INTEGER NOT NULL
);
CREATE INDEX ban_events_link ON ban_events(link_id, id);
DROP TRIGGER redirect_links_update;
CREATE TRIGGER redirect_links_update AFTER UPDATE OF ${WATCHED} ON links
BEGIN
  INSERT INTO redirect_changes (domain_id, alias, at) VALUES (ifnull(old.domain_id, 0), old.alias, ${SQLITE_NOW_MS});
  INSERT INTO redirect_changes (domain_id, alias, at) SELECT ifnull(new.domain_id, 0), new.alias, ${SQLITE_NOW_MS}
    WHERE new.alias IS NOT old.alias OR new.domain_id IS NOT old.domain_id;
END;
CREATE TRIGGER redirect_users_links_stopped AFTER UPDATE OF links_stopped ON users
WHEN new.links_stopped IS NOT old.links_stopped
BEGIN
  INSERT INTO redirect_changes (domain_id, alias, at) SELECT ifnull(domain_id, 0), alias, ${SQLITE_NOW_MS} FROM links WHERE user_id = new.id;
END;
`,
  postgres: `
ALTER TABLE links ADD COLUMN banned_at bigint, ADD COLUMN ban_reason text, ADD COLUMN ban_legal integer NOT NULL DEFAULT 0, ADD COLUMN ban_source text;
CREATE INDEX links_banned ON links(banned_at, id) WHERE banned_at IS NOT NULL;
ALTER TABLE users ADD COLUMN links_stopped integer NOT NULL DEFAULT 0, ADD COLUMN link_limit_minute integer, ADD COLUMN link_limit_day integer;
CREATE TABLE link_creations (
  user_id bigint NOT NULL,
  minute bigint NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (user_id, minute)
);
CREATE TABLE banned_hosts (
  id bigserial PRIMARY KEY,
  host text NOT NULL UNIQUE,
  reason text NOT NULL,
  legal integer NOT NULL DEFAULT 0,
  created_at bigint NOT NULL
);
CREATE TABLE ban_events (
  id bigserial PRIMARY KEY,
  link_id bigint NOT NULL,
  action text NOT NULL,
  reason text NOT NULL,
  legal integer NOT NULL DEFAULT 0,
  source text NOT NULL,
  user_id bigint,
  at bigint NOT NULL
);
CREATE INDEX ban_events_link ON ban_events(link_id, id);
CREATE OR REPLACE FUNCTION links_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.disabled <> 0) <> (NEW.disabled <> 0) THEN
    UPDATE link_counts SET disabled = disabled + (NEW.disabled <> 0)::int - (OLD.disabled <> 0)::int WHERE user_id = NEW.user_id;
  END IF;
  IF ${tuple('OLD')} IS DISTINCT FROM ${tuple('NEW')} THEN
    INSERT INTO redirect_changes (domain_id, alias, at) VALUES (coalesce(OLD.domain_id, 0), OLD.alias, ${PG_NOW_MS});
    IF NEW.alias IS DISTINCT FROM OLD.alias OR NEW.domain_id IS DISTINCT FROM OLD.domain_id THEN
      INSERT INTO redirect_changes (domain_id, alias, at) VALUES (coalesce(NEW.domain_id, 0), NEW.alias, ${PG_NOW_MS});
    END IF;
  END IF;
  RETURN NULL;
END $$;
CREATE FUNCTION users_links_stopped() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.links_stopped IS DISTINCT FROM OLD.links_stopped THEN
    INSERT INTO redirect_changes (domain_id, alias, at) SELECT coalesce(domain_id, 0), alias, ${PG_NOW_MS} FROM links WHERE user_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER users_links_stopped AFTER UPDATE OF links_stopped ON users FOR EACH ROW EXECUTE FUNCTION users_links_stopped();
`,
};
