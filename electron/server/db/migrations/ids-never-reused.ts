// Migration 11 (issue 32): an id is never handed out twice. SQLite gives an
// `INTEGER PRIMARY KEY` row the largest id + 1, so deleting the newest user,
// key, link… handed its id to the next one, and an audit entry or a script's
// remembered id then named two records. AUTOINCREMENT numbers past the
// largest id ever used (kept in sqlite_sequence). SQLite cannot add it to a
// table, so each is rebuilt: same columns, defaults, constraints, indexes
// and triggers, every row with its id. Foreign keys are off while it runs
// (migrate() checks them before the commit): with them on, dropping the old
// table would cascade-delete its children.
// The sequence starts at the largest id still present, raised to any larger
// id the audit log or a pending link purge still names (a deleted record's
// id, knowable from them). PostgreSQL's identity sequences never go back:
// nothing changes there.
import type { Migration } from '../migration-list.ts';

interface Rebuilt {
  table: string;
  /** The columns after `id`, as the table has them (in order: the rows are copied with SELECT *). */
  columns: string;
  indexes: string[];
  triggers?: string[];
  /** Larger ids that records elsewhere still name. */
  namedElsewhere?: string[];
}

const audited = (type: string) => `SELECT max(target_id) FROM audit_log WHERE target_type = '${type}'`;

function rebuild(t: Rebuilt): string {
  const known = [`SELECT max(id) FROM ${t.table}`, ...(t.namedElsewhere ?? [])].map((q) => `ifnull((${q}), 0)`);
  return `
CREATE TABLE ${t.table}_rebuilt (
  id INTEGER PRIMARY KEY AUTOINCREMENT,${t.columns}
);
INSERT INTO ${t.table}_rebuilt SELECT * FROM ${t.table} ORDER BY id;
DROP TABLE ${t.table};
ALTER TABLE ${t.table}_rebuilt RENAME TO ${t.table};
DELETE FROM sqlite_sequence WHERE name = '${t.table}';
INSERT INTO sqlite_sequence (name, seq) VALUES ('${t.table}', max(${known.join(', ')}, 0));
${t.indexes.map((i) => `${i};`).join('\n')}
${(t.triggers ?? []).join('\n')}`;
}

const NOW_MS = `CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)`;
const searchableUrl = (u: string) => `CASE
    WHEN ${u} LIKE 'https://www.%' THEN substr(${u}, 13) WHEN ${u} LIKE 'http://www.%' THEN substr(${u}, 12)
    WHEN ${u} LIKE 'https://%' THEN substr(${u}, 9) WHEN ${u} LIKE 'http://%' THEN substr(${u}, 8)
    ELSE ${u} END`;

const TABLES: Rebuilt[] = [
  {
    table: 'users',
    columns: `
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  role TEXT NOT NULL DEFAULT 'member',
  status TEXT NOT NULL DEFAULT 'active'`,
    indexes: [],
    namedElsewhere: [audited('user')],
  },
  {
    table: 'api_keys',
    columns: `
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  prefix TEXT NOT NULL UNIQUE,
  hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT,
  name TEXT NOT NULL DEFAULT '',
  scopes TEXT NOT NULL DEFAULT '[]',
  expires_at TEXT,
  domain_id INTEGER,
  created_by_key_id INTEGER`,
    indexes: ['CREATE INDEX api_keys_user ON api_keys(user_id, id)'],
    namedElsewhere: [audited('key'), 'SELECT max(created_by_key_id) FROM api_keys'],
  },
  {
    table: 'domains',
    columns: `
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL UNIQUE,
  index_page TEXT,
  not_found_page TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL`,
    indexes: ['CREATE INDEX domains_user_id ON domains(user_id, id)', 'CREATE INDEX domains_user_name ON domains(user_id, name)'],
    triggers: [
      `CREATE TRIGGER redirect_domains_insert AFTER INSERT ON domains BEGIN
  INSERT INTO redirect_changes (host, at) VALUES (new.name, ${NOW_MS});
END;`,
      `CREATE TRIGGER redirect_domains_update AFTER UPDATE ON domains BEGIN
  INSERT INTO redirect_changes (host, at) VALUES (old.name, ${NOW_MS});
  INSERT INTO redirect_changes (host, at) SELECT new.name, ${NOW_MS} WHERE new.name IS NOT old.name;
END;`,
      `CREATE TRIGGER redirect_domains_delete AFTER DELETE ON domains BEGIN
  INSERT INTO redirect_changes (host, at) VALUES (old.name, ${NOW_MS});
END;`,
    ],
    namedElsewhere: [audited('domain'), 'SELECT max(domain_id) FROM api_keys'],
  },
  {
    table: 'spaces',
    columns: `
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  color TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL`,
    indexes: ['CREATE INDEX spaces_user_id ON spaces(user_id, id)'],
    namedElsewhere: [audited('space')],
  },
  {
    table: 'pixels',
    columns: `
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  pixel_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL`,
    indexes: ['CREATE INDEX pixels_user_id ON pixels(user_id, id)'],
    namedElsewhere: [audited('pixel')],
  },
  {
    table: 'links',
    columns: `
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
  rotation_next INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  preview_title TEXT,
  preview_description TEXT,
  preview_image TEXT,
  health TEXT NOT NULL DEFAULT 'unknown',
  health_detail TEXT,
  health_checked_at INTEGER`,
    indexes: [
      'CREATE UNIQUE INDEX links_domain_alias ON links(ifnull(domain_id, 0), alias)',
      'CREATE INDEX links_user_id ON links(user_id, id)',
      'CREATE INDEX links_user_title ON links(user_id, title, id)',
      'CREATE INDEX links_user_alias ON links(user_id, alias, id)',
      'CREATE INDEX links_user_url ON links(user_id, url, id)',
      'CREATE INDEX links_user_domain ON links(user_id, domain_id, id)',
      'CREATE INDEX links_user_space ON links(user_id, space_id, id)',
      'CREATE INDEX links_user_disabled ON links(user_id, disabled, id)',
      'CREATE INDEX links_user_dated ON links(user_id, ends_at) WHERE disabled = 0 AND ends_at IS NOT NULL',
      'CREATE INDEX links_user_capped ON links(user_id, expiration_clicks, ends_at) WHERE disabled = 0 AND expiration_clicks IS NOT NULL',
      'CREATE INDEX links_user_health ON links(user_id, health, id)',
      'CREATE INDEX links_health_due ON links(health_checked_at) WHERE disabled = 0',
    ],
    triggers: [
      `CREATE TRIGGER link_counts_insert AFTER INSERT ON links BEGIN
  INSERT INTO link_counts (user_id, total, disabled) VALUES (new.user_id, 1, new.disabled != 0)
    ON CONFLICT (user_id) DO UPDATE SET total = total + 1, disabled = disabled + (new.disabled != 0);
END;`,
      `CREATE TRIGGER link_counts_delete AFTER DELETE ON links BEGIN
  UPDATE link_counts SET total = total - 1, disabled = disabled - (old.disabled != 0) WHERE user_id = old.user_id;
END;`,
      `CREATE TRIGGER link_counts_disabled AFTER UPDATE OF disabled ON links WHEN (old.disabled != 0) != (new.disabled != 0) BEGIN
  UPDATE link_counts SET disabled = disabled + (new.disabled != 0) - (old.disabled != 0) WHERE user_id = new.user_id;
END;`,
      `CREATE TRIGGER link_clicks_insert AFTER INSERT ON links BEGIN
  INSERT INTO link_clicks (link_id, user_id, clicks) VALUES (new.id, new.user_id, 0);
END;`,
      `CREATE TRIGGER link_purges_insert AFTER DELETE ON links BEGIN
  INSERT OR REPLACE INTO link_purges (link_id, user_id, next_log_id, last_log_id)
    VALUES (old.id, old.user_id, 0, (SELECT ifnull(max(id), 0) FROM click_log));
END;`,
      `CREATE TRIGGER redirect_links_insert AFTER INSERT ON links BEGIN
  INSERT INTO redirect_changes (domain_id, alias, at) VALUES (ifnull(new.domain_id, 0), new.alias, ${NOW_MS});
END;`,
      `CREATE TRIGGER redirect_links_delete AFTER DELETE ON links BEGIN
  INSERT INTO redirect_changes (domain_id, alias, at) VALUES (ifnull(old.domain_id, 0), old.alias, ${NOW_MS});
END;`,
      `CREATE TRIGGER redirect_links_update AFTER UPDATE OF alias, url, title, domain_id, user_id, disabled, privacy, password_hash,
  privacy_password_hash, expiration_url, ends_at, expiration_clicks, target_type, targets, created_at ON links
BEGIN
  INSERT INTO redirect_changes (domain_id, alias, at) VALUES (ifnull(old.domain_id, 0), old.alias, ${NOW_MS});
  INSERT INTO redirect_changes (domain_id, alias, at) SELECT ifnull(new.domain_id, 0), new.alias, ${NOW_MS}
    WHERE new.alias IS NOT old.alias OR new.domain_id IS NOT old.domain_id;
END;`,
      `CREATE TRIGGER links_fts_insert AFTER INSERT ON links BEGIN
  INSERT INTO links_fts(rowid, title, alias, url) VALUES (new.id, new.title, new.alias, ${searchableUrl('new.url')});
END;`,
      `CREATE TRIGGER links_fts_delete AFTER DELETE ON links BEGIN
  DELETE FROM links_fts WHERE rowid = old.id;
END;`,
      `CREATE TRIGGER links_fts_update AFTER UPDATE OF title, alias, url ON links BEGIN
  DELETE FROM links_fts WHERE rowid = old.id;
  INSERT INTO links_fts(rowid, title, alias, url) VALUES (new.id, new.title, new.alias, ${searchableUrl('new.url')});
END;`,
    ],
    // A deleted link's id lives on in its pending purge and its rollups until they are cleared.
    namedElsewhere: [audited('link'), 'SELECT max(link_id) FROM link_purges', 'SELECT max(link_id) FROM click_days'],
  },
  {
    table: 'webhooks',
    columns: `
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  events TEXT NOT NULL,
  secret TEXT NOT NULL,
  disabled INTEGER NOT NULL DEFAULT 0,
  click_cursor INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL`,
    indexes: ['CREATE INDEX webhooks_user ON webhooks(user_id, id)'],
    namedElsewhere: [audited('webhook')],
  },
  {
    table: 'webhook_deliveries',
    columns: `
  webhook_id INTEGER NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  event TEXT NOT NULL,
  payload TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_status INTEGER,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  finished_at INTEGER,
  leased_until INTEGER,
  retry_from INTEGER,
  redeliver INTEGER NOT NULL DEFAULT 0`,
    indexes: [
      "CREATE INDEX webhook_deliveries_due ON webhook_deliveries(next_attempt_at) WHERE state = 'pending'",
      'CREATE INDEX webhook_deliveries_hook ON webhook_deliveries(webhook_id, id)',
    ],
  },
  {
    table: 'webhook_attempts',
    columns: `
  delivery_id INTEGER NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  started_at INTEGER NOT NULL,
  duration_ms INTEGER NOT NULL,
  status INTEGER,
  error TEXT,
  response TEXT,
  redelivery INTEGER NOT NULL DEFAULT 0`,
    indexes: ['CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_id, id)'],
  },
  {
    // Pruned by age, oldest first: an entry's id must not come back either.
    table: 'audit_log',
    columns: `
  at TEXT NOT NULL,
  user_id INTEGER,
  user_name TEXT,
  key_prefix TEXT,
  source TEXT NOT NULL,
  action TEXT NOT NULL,
  target_type TEXT NOT NULL,
  target_id INTEGER,
  fields TEXT NOT NULL DEFAULT '[]',
  ip TEXT`,
    indexes: ['CREATE INDEX audit_log_at ON audit_log(at)', 'CREATE INDEX audit_log_user ON audit_log(user_id, id)'],
  },
];

export const idsNeverReused: Migration = {
  version: 11,
  name: 'ids_never_reused',
  foreignKeysOff: true,
  // Legacy renames: the new table takes the old one's name without SQLite
  // first checking every trigger that names a table (link_pixels' name
  // links, which is gone for that moment).
  sql: `PRAGMA legacy_alter_table = ON;\n${TABLES.map(rebuild).join('\n')}\nPRAGMA legacy_alter_table = OFF;\n`,
  postgres: '-- PostgreSQL: identity sequences never hand out an id twice',
};
