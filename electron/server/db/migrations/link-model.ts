// Migration 15 (issue 34): phpShort's current link model beside its seed's.
// Targeting keeps its columns: `target_type` gains internal codes for the
// types the seed has no number for (5 continents, 6 browsers, 7 devices;
// shared/targeting-keys.ts) and `targets` gains their lists, so existing rows
// need no rewrite. New: the active period's start (`starts_at`, Unix ms UTC
// like `ends_at`), `sensitive_content` and `rules` (JSON text, null: none).
// The redirect cache's change feed now also follows these columns and the
// preview card's, which the redirect reads too. A link before its start is
// listed as expired (status 2): the few such links are counted from a partial index.
import type { Migration } from '../migration-list.ts';

const SQLITE_NOW_MS = `CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)`;
const PG_NOW_MS = '(extract(epoch FROM clock_timestamp()) * 1000)::bigint';
const WATCHED = `alias, url, title, domain_id, user_id, disabled, privacy, password_hash,
  privacy_password_hash, expiration_url, ends_at, expiration_clicks, target_type, targets, created_at,
  starts_at, sensitive_content, rules, preview_title, preview_description, preview_image`;
const tuple = (row: string) => `(${WATCHED.split(',').map((c) => `${row}.${c.trim()}`).join(', ')})`;

export const linkModel: Migration = {
  version: 15,
  name: 'link_model',
  sql: `
ALTER TABLE links ADD COLUMN starts_at INTEGER;
ALTER TABLE links ADD COLUMN sensitive_content INTEGER NOT NULL DEFAULT 0;
ALTER TABLE links ADD COLUMN rules TEXT;
CREATE INDEX links_user_starts ON links(user_id, starts_at) WHERE disabled = 0 AND starts_at IS NOT NULL;
DROP TRIGGER redirect_links_update;
CREATE TRIGGER redirect_links_update AFTER UPDATE OF ${WATCHED} ON links
BEGIN
  INSERT INTO redirect_changes (domain_id, alias, at) VALUES (ifnull(old.domain_id, 0), old.alias, ${SQLITE_NOW_MS});
  INSERT INTO redirect_changes (domain_id, alias, at) SELECT ifnull(new.domain_id, 0), new.alias, ${SQLITE_NOW_MS}
    WHERE new.alias IS NOT old.alias OR new.domain_id IS NOT old.domain_id;
END;
`,
  postgres: `
ALTER TABLE links ADD COLUMN starts_at bigint, ADD COLUMN sensitive_content integer NOT NULL DEFAULT 0, ADD COLUMN rules text;
CREATE INDEX links_user_starts ON links(user_id, starts_at) WHERE disabled = 0 AND starts_at IS NOT NULL;
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
`,
};
