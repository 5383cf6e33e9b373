// Migration 13 rewrites each link-day's dimensions from an object keyed
// "dim:value" to an array of [dim, value, clicks], with SQLite's own JSON
// code: the keys V8's JSON.parse (Node 24) misreads come out whole.
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { clickDimensions } from '../../../electron/server/db/migrations/click-dimensions.ts';
import { dimsOf } from '../../../electron/server/db/repositories/click-rollup.ts';

it('turns every stored key into its dimension and value exactly, and an empty day into []', () => {
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE click_log (id INTEGER PRIMARY KEY, link_id INT, created_at INT, country TEXT, platform TEXT, browser TEXT, language TEXT, referrer TEXT);
    CREATE TABLE click_days (link_id INT, day INT, user_id INT, clicks INT, dims TEXT NOT NULL DEFAULT '{}', PRIMARY KEY (link_id, day));`);
  const hostile = { '4:\\': 1, '4:"': 2, '5:a:b': 3, '5:😀': 4, '5:\u0001': 5 };
  db.prepare('INSERT INTO click_days VALUES (1, 1, 1, 15, ?)').run(JSON.stringify(hostile));
  db.prepare("INSERT INTO click_days VALUES (1, 2, 1, 0, '{}')").run();
  db.exec(clickDimensions.sql);
  const [a, b] = db.prepare('SELECT dims FROM click_days ORDER BY day').pluck().all() as string[];
  JSON.parse('{"4:\\\\":1}'); // what puts V8 off: its answer for an object below would be wrong now
  expect(new Set(dimsOf(a!))).toEqual(new Set([[4, '\\', 1], [4, '"', 2], [5, 'a:b', 3], [5, '😀', 4], [5, '\u0001', 5]]));
  expect(dimsOf(b!)).toEqual([]);
  expect(db.prepare('SELECT city, continent, device, source, utm_source, utm_medium, utm_campaign FROM click_log').all()).toEqual([]);
  db.close();
});
