// A cheaper search index (issue 24: a bulk import spent half of SQLite's time
// on it). The trigram index no longer stores every URL's "https://www.":
// those trigrams are in every row, cost an index update each, and match
// everything. The index is contentless (it only ever answers rowids), so a
// delete names the rowid instead of repeating the indexed text, and it merges
// its segments eight at a time instead of four (fewer rewrites while many
// links arrive). Searches that may reach into the stripped part (a term with
// "://", or starting like "www." or ".") read the table instead (links-repository.ts).
// PostgreSQL searches with pg_trgm: nothing changes there.
import type { Migration } from '../migration-list.ts';

/** The URL as indexed: without its scheme and a leading "www." (ASCII case-insensitive, as LIKE is). */
const searchableUrl = (u: string) => `CASE
    WHEN ${u} LIKE 'https://www.%' THEN substr(${u}, 13) WHEN ${u} LIKE 'http://www.%' THEN substr(${u}, 12)
    WHEN ${u} LIKE 'https://%' THEN substr(${u}, 9) WHEN ${u} LIKE 'http://%' THEN substr(${u}, 8)
    ELSE ${u} END`;

export const lighterSearch: Migration = {
  version: 10,
  name: 'lighter_search_index',
  sql: `
DROP TRIGGER links_fts_insert;
DROP TRIGGER links_fts_delete;
DROP TRIGGER links_fts_update;
DROP TABLE links_fts;
CREATE VIRTUAL TABLE links_fts USING fts5(title, alias, url, content='', contentless_delete=1, tokenize='trigram');
INSERT INTO links_fts(links_fts, rank) VALUES ('automerge', 8);
INSERT INTO links_fts(rowid, title, alias, url) SELECT id, title, alias, ${searchableUrl('url')} FROM links;
CREATE TRIGGER links_fts_insert AFTER INSERT ON links BEGIN
  INSERT INTO links_fts(rowid, title, alias, url) VALUES (new.id, new.title, new.alias, ${searchableUrl('new.url')});
END;
CREATE TRIGGER links_fts_delete AFTER DELETE ON links BEGIN
  DELETE FROM links_fts WHERE rowid = old.id;
END;
CREATE TRIGGER links_fts_update AFTER UPDATE OF title, alias, url ON links BEGIN
  DELETE FROM links_fts WHERE rowid = old.id;
  INSERT INTO links_fts(rowid, title, alias, url) VALUES (new.id, new.title, new.alias, ${searchableUrl('new.url')});
END;
`,
  postgres: '-- PostgreSQL: its pg_trgm indexes are unchanged',
};
