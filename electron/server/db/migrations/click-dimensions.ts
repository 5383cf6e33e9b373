// Migration 13 (issue 33): statistics people show. The raw log keeps each
// click's city (country, region and name together), continent, device, source
// (link or QR) and UTM values, so folding and re-rolling keep them. A
// link-day's `dims` becomes an array of [dimension, value, clicks] instead of
// an object keyed "dimension:value": values are free text now (UTM values
// come from anywhere), and V8's JSON.parse (Node 24) can return a wrong key
// after a similar key that ends in an escaped backslash; array elements are
// not affected. Existing rows are rewritten by each engine's own JSON code,
// never by V8's. PostgreSQL's add_counts follows the new shape and keeps at
// most `cap` values per dimension (the rest under dimension + 100, value '').
import type { Migration } from '../migration-list.ts';

const LOG_COLUMNS = ['city', 'continent', 'device', 'source', 'utm_source', 'utm_medium', 'utm_campaign'];

export const clickDimensions: Migration = {
  version: 13,
  name: 'click_dimensions',
  sql: `
${LOG_COLUMNS.map((c) => `ALTER TABLE click_log ADD COLUMN ${c} TEXT;`).join('\n')}
UPDATE click_days SET dims = (
  SELECT json_group_array(json_array(CAST(substr(key, 1, instr(key, ':') - 1) AS INTEGER), substr(key, instr(key, ':') + 1), value))
  FROM json_each(click_days.dims)
) WHERE json_type(dims) = 'object';
`,
  postgres: `
ALTER TABLE click_log ${LOG_COLUMNS.map((c) => `ADD COLUMN ${c} text`).join(', ')};
UPDATE click_days SET dims = coalesce((
  SELECT jsonb_agg(jsonb_build_array(split_part(key, ':', 1)::int, substr(key, strpos(key, ':') + 1), value::bigint))
  FROM jsonb_each_text(click_days.dims)
), '[]'::jsonb) WHERE jsonb_typeof(dims) = 'object';
ALTER TABLE click_days ALTER COLUMN dims SET DEFAULT '[]'::jsonb;
DROP FUNCTION add_counts(jsonb, jsonb);
-- Adds a batch's [dimension, value, clicks] entries to a day's (SQLite: addCounts in click-store.ts):
-- the day's values keep counting; new ones, most clicks first, while their dimension has fewer than
-- cap values; the rest under dimension + 100 with the value ''.
CREATE FUNCTION add_counts(a jsonb, b jsonb, cap integer) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  WITH e AS (
    SELECT (x->>0)::int AS d, x->>1 AS v, (x->>2)::bigint AS n, 0 AS fresh, o FROM jsonb_array_elements(a) WITH ORDINALITY AS t(x, o)
    UNION ALL
    SELECT (x->>0)::int, x->>1, (x->>2)::bigint, 1, o + 1000000000 FROM jsonb_array_elements(b) WITH ORDINALITY AS t(x, o)
  ), s AS (
    SELECT d, v, sum(n) AS n, min(fresh) AS fresh, min(o) AS o, max(n) FILTER (WHERE fresh = 1) AS batch FROM e GROUP BY d, v
  ), r AS (
    SELECT d, v, n, o, CASE WHEN d >= 100 THEN 0
      ELSE row_number() OVER (PARTITION BY d < 100, d ORDER BY fresh, CASE WHEN fresh = 1 THEN -batch END, o) END AS place FROM s
  ), f AS (
    SELECT CASE WHEN place > cap THEN d + 100 ELSE d END AS d, CASE WHEN place > cap THEN '' ELSE v END AS v, n, o FROM r
  )
  SELECT coalesce(jsonb_agg(jsonb_build_array(d, v, n) ORDER BY o), '[]'::jsonb) FROM (SELECT d, v, sum(n) AS n, min(o) AS o FROM f GROUP BY d, v) g
$$;
`,
};
