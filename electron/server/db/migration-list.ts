// Every schema change, in order: SQLite's text and PostgreSQL's for each
// version. Applied by migrations.ts (SQLite) and postgres.ts; never edited
// once released (each engine records a hash of its text).
import { IN_POSTGRES_BASELINE, POSTGRES_BASELINE } from './postgres-schema.ts';
import { accountMonths } from './migrations/account-months.ts';
import { clickDimensions } from './migrations/click-dimensions.ts';
import { keyLineage } from './migrations/key-lineage.ts';
import { linkModel } from './migrations/link-model.ts';
import { clickDestinations } from './migrations/click-destinations.ts';
import { blocklist } from './migrations/blocklist.ts';
import { linkBans } from './migrations/link-bans.ts';
import { linkReports } from './migrations/link-reports.ts';
import { idsNeverReused } from './migrations/ids-never-reused.ts';
import { lighterSearch } from './migrations/lighter-search.ts';
import { previewsHealthWebhooks } from './migrations/previews-health-webhooks.ts';
import { rolesAudit } from './migrations/roles-audit.ts';
import { webhookAttempts } from './migrations/webhook-attempts.ts';

/**
 * `sql` is SQLite's text, `postgres` PostgreSQL's; each engine checks the hash of its own.
 * `foreignKeysOff`: SQLite runs it with foreign keys off (a table rebuilt by
 * DROP would cascade-delete its children) and checks them before the commit.
 */
export interface Migration { version: number; name: string; sql: string; postgres: string; foreignKeysOff?: boolean }

export const migrations: Migration[] = [
  {
    version: 1,
    name: 'initial',
    postgres: POSTGRES_BASELINE,
    sql: `
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE api_keys (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  prefix TEXT NOT NULL UNIQUE,
  hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT
);
CREATE TABLE domains (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL UNIQUE,
  index_page TEXT,
  not_found_page TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX domains_user_id ON domains(user_id, id);
CREATE INDEX domains_user_name ON domains(user_id, name);
CREATE TABLE spaces (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  color TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX spaces_user_id ON spaces(user_id, id);
CREATE TABLE pixels (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  pixel_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX pixels_user_id ON pixels(user_id, id);
CREATE TABLE links (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  domain_id INTEGER REFERENCES domains(id),
  space_id INTEGER REFERENCES spaces(id) ON DELETE SET NULL,
  alias TEXT NOT NULL,
  url TEXT NOT NULL,
  title TEXT,
  password_hash TEXT,
  privacy INTEGER NOT NULL DEFAULT 0,
  privacy_password_hash TEXT,
  disabled INTEGER NOT NULL DEFAULT 0,
  expiration_url TEXT,
  expiration_date TEXT,
  expiration_time TEXT,
  ends_at INTEGER,
  expiration_clicks INTEGER,
  target_type INTEGER NOT NULL DEFAULT 0,
  targets TEXT NOT NULL DEFAULT '{}',
  clicks INTEGER NOT NULL DEFAULT 0,
  rotation_next INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
-- One alias per domain; the instance's own host is domain 0.
CREATE UNIQUE INDEX links_domain_alias ON links(ifnull(domain_id, 0), alias);
CREATE INDEX links_user_id ON links(user_id, id);
CREATE INDEX links_user_clicks ON links(user_id, clicks, id);
CREATE INDEX links_user_title ON links(user_id, title, id);
CREATE INDEX links_user_alias ON links(user_id, alias, id);
CREATE INDEX links_user_url ON links(user_id, url, id);
CREATE INDEX links_user_domain ON links(user_id, domain_id, id);
CREATE INDEX links_user_space ON links(user_id, space_id, id);
CREATE INDEX links_user_disabled ON links(user_id, disabled, id);
CREATE INDEX links_user_ends_at ON links(user_id, ends_at) WHERE ends_at IS NOT NULL;
CREATE INDEX links_user_limited ON links(user_id, id) WHERE expiration_clicks IS NOT NULL;
CREATE TABLE link_pixels (
  link_id INTEGER NOT NULL REFERENCES links(id) ON DELETE CASCADE,
  pixel_id INTEGER NOT NULL REFERENCES pixels(id) ON DELETE CASCADE,
  PRIMARY KEY (link_id, pixel_id)
) WITHOUT ROWID;
CREATE INDEX link_pixels_pixel ON link_pixels(pixel_id, link_id);
CREATE VIRTUAL TABLE links_fts USING fts5(title, alias, url, content='links', content_rowid='id', tokenize='trigram');
CREATE TRIGGER links_fts_insert AFTER INSERT ON links BEGIN
  INSERT INTO links_fts(rowid, title, alias, url) VALUES (new.id, new.title, new.alias, new.url);
END;
CREATE TRIGGER links_fts_delete AFTER DELETE ON links BEGIN
  INSERT INTO links_fts(links_fts, rowid, title, alias, url) VALUES ('delete', old.id, old.title, old.alias, old.url);
END;
CREATE TRIGGER links_fts_update AFTER UPDATE OF title, alias, url ON links BEGIN
  INSERT INTO links_fts(links_fts, rowid, title, alias, url) VALUES ('delete', old.id, old.title, old.alias, old.url);
  INSERT INTO links_fts(rowid, title, alias, url) VALUES (new.id, new.title, new.alias, new.url);
END;
CREATE TABLE clicks (
  id INTEGER PRIMARY KEY,
  link_id INTEGER NOT NULL REFERENCES links(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  country TEXT,
  platform TEXT,
  browser TEXT,
  language TEXT,
  referrer TEXT
);
CREATE INDEX clicks_link_time ON clicks(link_id, created_at);
`,
  },
  {
    version: 2,
    name: 'instance secrets',
    postgres: IN_POSTGRES_BASELINE,
    // Keys the instance generates for itself (e.g. signing the cookie that
    // remembers a link password); kept in the database so they survive restarts
    // and move with the data folder.
    sql: `
CREATE TABLE instance_secrets (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  created_at TEXT NOT NULL
) WITHOUT ROWID;
`,
  },
  {
    version: 3,
    name: 'list counters',
    postgres: IN_POSTGRES_BASELINE,
    // Paging a million links needs its totals without counting a million rows:
    // per-user totals kept by triggers, and partial indexes over the few links
    // that can expire, so "active" is total - disabled - expired.
    sql: `
CREATE TABLE link_counts (
  user_id INTEGER PRIMARY KEY,
  total INTEGER NOT NULL DEFAULT 0,
  disabled INTEGER NOT NULL DEFAULT 0
);
INSERT INTO link_counts (user_id, total, disabled) SELECT user_id, count(*), sum(disabled != 0) FROM links GROUP BY user_id;
CREATE TRIGGER link_counts_insert AFTER INSERT ON links BEGIN
  INSERT INTO link_counts (user_id, total, disabled) VALUES (new.user_id, 1, new.disabled != 0)
    ON CONFLICT (user_id) DO UPDATE SET total = total + 1, disabled = disabled + (new.disabled != 0);
END;
CREATE TRIGGER link_counts_delete AFTER DELETE ON links BEGIN
  UPDATE link_counts SET total = total - 1, disabled = disabled - (old.disabled != 0) WHERE user_id = old.user_id;
END;
CREATE TRIGGER link_counts_disabled AFTER UPDATE OF disabled ON links WHEN (old.disabled != 0) != (new.disabled != 0) BEGIN
  UPDATE link_counts SET disabled = disabled + (new.disabled != 0) - (old.disabled != 0) WHERE user_id = new.user_id;
END;
CREATE INDEX links_user_dated ON links(user_id, ends_at) WHERE disabled = 0 AND ends_at IS NOT NULL;
CREATE INDEX links_user_capped ON links(user_id, clicks, expiration_clicks, ends_at) WHERE disabled = 0 AND expiration_clicks IS NOT NULL;
DROP INDEX links_user_ends_at;
DROP INDEX links_user_limited;
`,
  },
  {
    version: 4,
    name: 'redirect cache version',
    postgres: IN_POSTGRES_BASELINE,
    // redirect_state.version moves with every change a redirect reads except
    // the click counters, whichever connection or process writes it, so the
    // redirect server can keep links in memory and know when to drop them.
    sql: `
CREATE TABLE redirect_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);
INSERT INTO redirect_state (id, version) VALUES (1, 0);
CREATE TRIGGER redirect_links_insert AFTER INSERT ON links BEGIN UPDATE redirect_state SET version = version + 1; END;
CREATE TRIGGER redirect_links_delete AFTER DELETE ON links BEGIN UPDATE redirect_state SET version = version + 1; END;
CREATE TRIGGER redirect_links_update AFTER UPDATE OF alias, url, title, domain_id, disabled, privacy, password_hash,
  privacy_password_hash, expiration_url, ends_at, expiration_clicks, target_type, targets, created_at ON links
BEGIN UPDATE redirect_state SET version = version + 1; END;
CREATE TRIGGER redirect_domains_insert AFTER INSERT ON domains BEGIN UPDATE redirect_state SET version = version + 1; END;
CREATE TRIGGER redirect_domains_update AFTER UPDATE ON domains BEGIN UPDATE redirect_state SET version = version + 1; END;
CREATE TRIGGER redirect_domains_delete AFTER DELETE ON domains BEGIN UPDATE redirect_state SET version = version + 1; END;
CREATE TRIGGER redirect_link_pixels_insert AFTER INSERT ON link_pixels BEGIN UPDATE redirect_state SET version = version + 1; END;
CREATE TRIGGER redirect_link_pixels_delete AFTER DELETE ON link_pixels BEGIN UPDATE redirect_state SET version = version + 1; END;
CREATE TRIGGER redirect_pixels_delete AFTER DELETE ON pixels BEGIN UPDATE redirect_state SET version = version + 1; END;
`,
  },
  {
    version: 5,
    name: 'click log, counters and rollups',
    postgres: IN_POSTGRES_BASELINE,
    // Clicks at scale (see DESIGN.md, "The click path"):
    // - link_clicks: the counter apart from the wide links row, which a click
    //   no longer rewrites; sort by clicks reads its (user_id, clicks) index.
    // - click_log: the raw clicks, append-only, no index but the rowid; old
    //   rows are pruned by retention, a deleted link's rows in the background.
    // - click_days / click_dims and account_days / account_dims: per-day
    //   rollups (days of the instance's time zone, as numbers) that statistics
    //   read. A dimension's NULL (unknown) value is not stored: it is the day's
    //   total less the known values.
    // - link_purges: deleted links whose clicks and rollups are still to go.
    // - redirect_changes replaces redirect_state's single version: the key of
    //   every changed link or domain, so caches drop just those records.
    // - click_state: where folding the clicks of older releases into the
    //   rollups has got to (done at start-up, when the time zone is known).
    sql: `
CREATE TABLE link_clicks (
  link_id INTEGER PRIMARY KEY REFERENCES links(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL,
  clicks INTEGER NOT NULL DEFAULT 0
);
INSERT INTO link_clicks (link_id, user_id, clicks) SELECT id, user_id, clicks FROM links;
CREATE INDEX link_clicks_user ON link_clicks(user_id, clicks, link_id);
CREATE TRIGGER link_clicks_insert AFTER INSERT ON links BEGIN
  INSERT INTO link_clicks (link_id, user_id, clicks) VALUES (new.id, new.user_id, 0);
END;
DROP INDEX links_user_clicks;
DROP INDEX links_user_capped;
ALTER TABLE links DROP COLUMN clicks;
CREATE INDEX links_user_capped ON links(user_id, expiration_clicks, ends_at) WHERE disabled = 0 AND expiration_clicks IS NOT NULL;

CREATE TABLE click_log (
  id INTEGER PRIMARY KEY,
  link_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  country TEXT,
  platform TEXT,
  browser TEXT,
  language TEXT,
  referrer TEXT
);
INSERT INTO click_log (id, link_id, created_at, country, platform, browser, language, referrer)
  SELECT id, link_id, created_at, country, platform, browser, language, referrer FROM clicks ORDER BY id;
DROP TABLE clicks;

CREATE TABLE click_days (
  link_id INTEGER NOT NULL, day INTEGER NOT NULL, user_id INTEGER NOT NULL, clicks INTEGER NOT NULL,
  PRIMARY KEY (link_id, day)
) WITHOUT ROWID;
CREATE INDEX click_days_user ON click_days(user_id, day, link_id, clicks);
CREATE TABLE click_dims (
  link_id INTEGER NOT NULL, dim INTEGER NOT NULL, day INTEGER NOT NULL, value TEXT NOT NULL, clicks INTEGER NOT NULL,
  PRIMARY KEY (link_id, dim, day, value)
) WITHOUT ROWID;
CREATE TABLE account_days (
  user_id INTEGER NOT NULL, day INTEGER NOT NULL, clicks INTEGER NOT NULL,
  PRIMARY KEY (user_id, day)
) WITHOUT ROWID;
CREATE TABLE account_dims (
  user_id INTEGER NOT NULL, dim INTEGER NOT NULL, day INTEGER NOT NULL, value TEXT NOT NULL, clicks INTEGER NOT NULL,
  PRIMARY KEY (user_id, dim, day, value)
) WITHOUT ROWID;

CREATE TABLE click_state (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
INSERT INTO click_state (name, value) VALUES ('fold_after', 0), ('fold_to', (SELECT ifnull(max(id), 0) FROM click_log));

CREATE TABLE link_purges (
  link_id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  next_log_id INTEGER NOT NULL,
  last_log_id INTEGER NOT NULL
);
CREATE TRIGGER link_purges_insert AFTER DELETE ON links BEGIN
  INSERT OR REPLACE INTO link_purges (link_id, user_id, next_log_id, last_log_id)
    VALUES (old.id, old.user_id, 0, (SELECT ifnull(max(id), 0) FROM click_log));
END;

DROP TRIGGER redirect_links_insert;
DROP TRIGGER redirect_links_delete;
DROP TRIGGER redirect_links_update;
DROP TRIGGER redirect_domains_insert;
DROP TRIGGER redirect_domains_update;
DROP TRIGGER redirect_domains_delete;
DROP TRIGGER redirect_link_pixels_insert;
DROP TRIGGER redirect_link_pixels_delete;
DROP TRIGGER redirect_pixels_delete;
DROP TABLE redirect_state;
CREATE TABLE redirect_changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  domain_id INTEGER,
  alias TEXT,
  host TEXT,
  at INTEGER NOT NULL
);
CREATE TRIGGER redirect_links_insert AFTER INSERT ON links BEGIN
  INSERT INTO redirect_changes (domain_id, alias, at) VALUES (ifnull(new.domain_id, 0), new.alias, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER redirect_links_delete AFTER DELETE ON links BEGIN
  INSERT INTO redirect_changes (domain_id, alias, at) VALUES (ifnull(old.domain_id, 0), old.alias, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER redirect_links_update AFTER UPDATE OF alias, url, title, domain_id, user_id, disabled, privacy, password_hash,
  privacy_password_hash, expiration_url, ends_at, expiration_clicks, target_type, targets, created_at ON links
BEGIN
  INSERT INTO redirect_changes (domain_id, alias, at) VALUES (ifnull(old.domain_id, 0), old.alias, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
  INSERT INTO redirect_changes (domain_id, alias, at) SELECT ifnull(new.domain_id, 0), new.alias, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
    WHERE new.alias IS NOT old.alias OR new.domain_id IS NOT old.domain_id;
END;
CREATE TRIGGER redirect_domains_insert AFTER INSERT ON domains BEGIN
  INSERT INTO redirect_changes (host, at) VALUES (new.name, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER redirect_domains_update AFTER UPDATE ON domains BEGIN
  INSERT INTO redirect_changes (host, at) VALUES (old.name, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
  INSERT INTO redirect_changes (host, at) SELECT new.name, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) WHERE new.name IS NOT old.name;
END;
CREATE TRIGGER redirect_domains_delete AFTER DELETE ON domains BEGIN
  INSERT INTO redirect_changes (host, at) VALUES (old.name, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER redirect_link_pixels_insert AFTER INSERT ON link_pixels BEGIN
  INSERT INTO redirect_changes (domain_id, alias, at)
    SELECT ifnull(domain_id, 0), alias, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) FROM links WHERE id = new.link_id;
END;
CREATE TRIGGER redirect_link_pixels_delete AFTER DELETE ON link_pixels BEGIN
  INSERT INTO redirect_changes (domain_id, alias, at)
    SELECT ifnull(domain_id, 0), alias, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) FROM links WHERE id = old.link_id;
END;
`,
  },
  {
    version: 6,
    name: 'link_day_dimensions',
    postgres: IN_POSTGRES_BASELINE,
    // A link's dimensions for a day live in its click_days row, as a JSON
    // object of "dimension:value" -> clicks, instead of a click_dims row per
    // value: the click writer upserts one row per link and day instead of one
    // per dimension, which was most of its time per click. The account's
    // rollups keep a row per value (a batch collapses them to a few rows).
    sql: `
ALTER TABLE click_days ADD COLUMN dims TEXT NOT NULL DEFAULT '{}';
UPDATE click_days SET dims = ifnull((
  SELECT json_group_object(d.dim || ':' || d.value, d.clicks) FROM click_dims d WHERE d.link_id = click_days.link_id AND d.day = click_days.day
), '{}');
DROP TABLE click_dims;
`,
  },
  // From version 7 on, each migration is a file of its own in ./migrations.
  previewsHealthWebhooks,
  webhookAttempts,
  rolesAudit,
  lighterSearch,
  idsNeverReused,
  keyLineage,
  clickDimensions,
  accountMonths,
  linkModel,
  clickDestinations,
  blocklist,
  linkBans,
  linkReports,
];
