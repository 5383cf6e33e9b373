// Storing clicks on PostgreSQL: the same tables and the same rules as
// click-store.ts (counter, raw log and rollups in one transaction; exact
// click budgets by a conditional UPDATE; background fold, purge and
// retention), with every batch sent as arrays (unnest), so a batch is a
// handful of statements whatever its size, never a round trip per click.
// Rows are locked in key order, so writers on several nodes never deadlock.
import type pg from 'pg';
import { dayCounter, hourCounter } from '../../util/days.ts';
import { type ClickStoreOptions, type Upkeep } from './click-store.ts';
import { collapse, DIMENSIONS, dimsOf, monthOf, VALUE_CAP, type ClickRecord, type DimEntry } from './click-rollup.ts';

/** pg_try_advisory_xact_lock key for upkeep: one node at a time does it. */
const UPKEEP_LOCK = '7309950727553114987';

export interface PgClickStore {
  /** Stores a batch; resolves to how many clicks were kept (clicks of deleted links are dropped). */
  write(clicks: readonly ClickRecord[]): Promise<number>;
  /** Records one click on a link with a click limit; false when the budget is already spent. */
  spend(click: ClickRecord): Promise<boolean>;
  /** One bounded round of upkeep, if no other node is doing it; true when more is waiting. */
  upkeep(now: number, retentionMs: number | null, max?: number): Promise<boolean>;
  status(): Promise<Upkeep>;
}

type Query = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

/** Most clicks on one limited link spent in one transaction. */
const SPEND_BATCH = 500;
/** A click waiting to spend its link's budget. */
interface Spend { click: ClickRecord; resolve(ok: boolean): void; reject(err: unknown): void }

async function inTransaction<T>(pool: pg.Pool, fn: (q: Query) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const q: Query = (text, values) => client.query(text, values as unknown[]);
  try {
    await q('BEGIN');
    const r = await fn(q);
    await q('COMMIT');
    client.release();
    return r;
  } catch (err) {
    // A connection that cannot even roll back is broken: not given back to the pool for reuse.
    const rolledBack = await q('ROLLBACK').then(() => true, () => false);
    client.release(rolledBack ? undefined : true);
    throw err;
  }
}

const col = <T, K extends keyof T>(rows: readonly T[], k: K) => rows.map((r) => r[k]);

const HOUR = DIMENSIONS.hour;
const LOG_COLUMNS = ['city', 'continent', 'device', 'source', 'utm_source', 'utm_medium', 'utm_campaign', 'destination'] as const;

export function createPgClickStore(pool: pg.Pool, timeZone: string, { cap = VALUE_CAP }: ClickStoreOptions = {}): PgClickStore {
  const dayOf = dayCounter(timeZone);
  const collapseOptions = { hourOf: hourCounter(timeZone), cap };
  const more = (clicks: readonly ClickRecord[]) => LOG_COLUMNS.map((k) => clicks.map((c) => c[k] ?? null));

  async function log(q: Query, clicks: readonly ClickRecord[]) {
    if (!clicks.length) return;
    await q(`INSERT INTO click_log (link_id, created_at, country, platform, browser, language, referrer, ${LOG_COLUMNS.join(', ')})
      SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
        $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[])`,
    [col(clicks, 'link_id'), col(clicks, 'created_at'), col(clicks, 'country'), col(clicks, 'platform'), col(clicks, 'browser'),
      col(clicks, 'language'), col(clicks, 'referrer'), ...more(clicks)]);
  }

  async function rollup(q: Query, clicks: readonly ClickRecord[]) {
    if (!clicks.length) return;
    const r = collapse(clicks, dayOf, collapseOptions);
    // WITH ORDINALITY … ORDER BY: rows go in (and are locked) in the key order collapse() gave them.
    await q(`INSERT INTO click_days (link_id, day, user_id, clicks, dims)
      SELECT link_id, day, user_id, clicks, dims FROM unnest($1::bigint[], $2::int[], $3::bigint[], $4::bigint[], $5::jsonb[])
        WITH ORDINALITY AS v(link_id, day, user_id, clicks, dims, o) ORDER BY o
      ON CONFLICT (link_id, day) DO UPDATE SET clicks = click_days.clicks + excluded.clicks, dims = add_counts(click_days.dims, excluded.dims, $6)`,
    [col(r.linkDays, 'link_id'), col(r.linkDays, 'day'), col(r.linkDays, 'user_id'), col(r.linkDays, 'clicks'), col(r.linkDays, 'dims'), cap]);
    // A new row took the batch's values as they were: past the cap, they are capped now (a stored row never is past it).
    const over = r.linkDays.filter((d) => d.over);
    if (over.length) {
      await q(`UPDATE click_days SET dims = add_counts('[]'::jsonb, dims, $3) FROM unnest($1::bigint[], $2::int[]) AS v(link_id, day)
        WHERE click_days.link_id = v.link_id AND click_days.day = v.day`, [col(over, 'link_id'), col(over, 'day'), cap]);
    }
    await q(`INSERT INTO account_days (user_id, day, clicks)
      SELECT user_id, day, clicks FROM unnest($1::bigint[], $2::int[], $3::bigint[]) WITH ORDINALITY AS v(user_id, day, clicks, o) ORDER BY o
      ON CONFLICT (user_id, day) DO UPDATE SET clicks = account_days.clicks + excluded.clicks`,
    [col(r.userDays, 'user_id'), col(r.userDays, 'day'), col(r.userDays, 'clicks')]);
    if (r.userDims.length) {
      const days = [...new Set(col(r.userDays, 'day'))];
      // A value the account's day has counts on; a new one while its dimension has room (the stored values
      // and the batch's new ones before it, in key order), else under (other) (dimension + 100, value '').
      await q(`WITH v AS (
          SELECT * FROM unnest($1::bigint[], $2::int[], $3::int[], $4::text[], $5::bigint[]) WITH ORDINALITY AS v(user_id, dim, day, value, clicks, o)
        ), k AS (
          SELECT v.*, v.dim >= 100
            OR EXISTS (SELECT 1 FROM account_dims a WHERE a.user_id = v.user_id AND a.dim = v.dim AND a.day = v.day AND a.value = v.value) AS known
          FROM v
        ), n AS (
          -- The values each dimension's day holds, counted once per day and dimension (not once per new value).
          SELECT s.user_id, s.dim, s.day, (SELECT count(*) FROM account_dims a WHERE a.user_id = s.user_id AND a.dim = s.dim AND a.day = s.day) AS held
          FROM (SELECT DISTINCT user_id, dim, day FROM k WHERE NOT known) s
        ), r AS (
          SELECT k.*, known OR coalesce(n.held, 0)
            + row_number() OVER (PARTITION BY k.user_id, k.dim, k.day, known ORDER BY o) <= $6 AS keep
          FROM k LEFT JOIN n ON n.user_id = k.user_id AND n.dim = k.dim AND n.day = k.day
        ), g AS (
          SELECT user_id, CASE WHEN keep THEN dim ELSE dim + 100 END AS dim, day, CASE WHEN keep THEN value ELSE '' END AS value,
            sum(clicks) AS clicks, min(o) AS o, min(month) AS month
          FROM r JOIN unnest($7::int[], $8::int[]) AS m(mday, month) ON m.mday = r.day GROUP BY 1, 2, 3, 4
        ), daily AS (
          INSERT INTO account_dims (user_id, dim, day, value, clicks)
          SELECT user_id, dim, day, value, clicks FROM g ORDER BY o
          ON CONFLICT (user_id, dim, day, value) DO UPDATE SET clicks = account_dims.clicks + excluded.clicks
        )
        -- The same sums per month (account_month_dims, no hours), in its key order.
        INSERT INTO account_month_dims (user_id, dim, month, value, clicks)
        SELECT user_id, dim, month, value, sum(clicks) FROM g WHERE dim <> $9 GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
        ON CONFLICT (user_id, dim, month, value) DO UPDATE SET clicks = account_month_dims.clicks + excluded.clicks`,
      [col(r.userDims, 'user_id'), col(r.userDims, 'dim'), col(r.userDims, 'day'), col(r.userDims, 'value'), col(r.userDims, 'clicks'), cap,
        days, days.map(monthOf), HOUR]);
    }
  }

  const stateOf = async (q: Query, name: string) => Number((await q('SELECT value FROM click_state WHERE name = $1', [name])).rows[0]?.value ?? 0);

  // Clicks on a link with a click limit, waiting to spend it. One transaction at a time per link spends for all that
  // wait (up to SPEND_BATCH): a burst of 200 visitors on a limited link is a few transactions holding the counter's
  // row lock, not 200 in a row, each waiting for the pool (beside a second test suite, 150 of 200 got a 500 when the
  // pool's 5 s wait ran out).
  // A link has an entry while a transaction spends for it; what arrives meanwhile waits in it for the next one.
  const spending = new Map<number, Spend[]>();
  async function drainSpends(linkId: number, waiting: Spend[]) {
    try {
      while (waiting.length) {
        const batch = waiting.splice(0, SPEND_BATCH);
        try {
          const granted = await inTransaction(pool, async (q) => {
            // Whichever node runs this when clicks are left gets them, in the order they came; nobody gets click N+1.
            const r = await q(`WITH cur AS (
                SELECT lc.clicks, (SELECT expiration_clicks FROM links WHERE id = $1) AS cap FROM link_clicks lc WHERE lc.link_id = $1 FOR UPDATE)
              UPDATE link_clicks SET clicks = LEAST(cur.clicks + $2, cur.cap) FROM cur
              WHERE link_clicks.link_id = $1 AND cur.clicks < cur.cap
              RETURNING link_clicks.clicks - cur.clicks AS granted`, [linkId, batch.length]);
            const n = r.rowCount ? Number(r.rows[0].granted) : 0;
            const spent = batch.slice(0, n).map((w) => w.click);
            if (spent.length) {
              await log(q, spent);
              await rollup(q, spent);
            }
            return n;
          });
          batch.forEach((w, i) => w.resolve(i < granted));
        } catch (err) {
          for (const w of batch) w.reject(err);
        }
      }
    } finally {
      spending.delete(linkId);
    }
  }

  return {
    async write(clicks) {
      if (!clicks.length) return 0;
      const counts = new Map<number, number>();
      for (const c of clicks) counts.set(c.link_id, (counts.get(c.link_id) ?? 0) + 1);
      const ids = [...counts.keys()].sort((a, b) => a - b);
      return inTransaction(pool, async (q) => {
        // Counter rows locked in id order, then added to. A link deleted while
        // its clicks waited has no counter row, and its clicks are dropped.
        const alive = new Set<number>((await q(`SELECT link_id FROM link_clicks WHERE link_id = ANY($1::bigint[]) ORDER BY link_id FOR UPDATE`, [ids]))
          .rows.map((r: { link_id: number }) => r.link_id));
        const live = ids.filter((id) => alive.has(id));
        await q(`UPDATE link_clicks SET clicks = link_clicks.clicks + v.n FROM unnest($1::bigint[], $2::bigint[]) AS v(id, n) WHERE link_clicks.link_id = v.id`,
          [live, live.map((id) => counts.get(id)!)]);
        const kept = alive.size === counts.size ? clicks : clicks.filter((c) => alive.has(c.link_id));
        await log(q, kept);
        await rollup(q, kept);
        return kept.length;
      });
    },

    spend(c) {
      return new Promise<boolean>((resolve, reject) => {
        const waiting = spending.get(c.link_id);
        if (waiting) waiting.push({ click: c, resolve, reject });
        else {
          const fresh = [{ click: c, resolve, reject }];
          spending.set(c.link_id, fresh);
          void drainSpends(c.link_id, fresh);
        }
      });
    },

    async upkeep(now, retentionMs, max = 2000) {
      return inTransaction(pool, async (q) => {
        if (!(await q('SELECT pg_try_advisory_xact_lock($1) AS ok', [UPKEEP_LOCK])).rows[0].ok) return false;
        // Clicks copied from a SQLite instance before they were folded (migrate-data).
        const after = await stateOf(q, 'fold_after');
        const to = await stateOf(q, 'fold_to');
        if (after < to) {
          const rows = (await q(`SELECT c.id, c.link_id, l.user_id, c.created_at, c.country, c.platform, c.browser, c.language, c.referrer,
            c.city, c.continent, c.device, c.source, c.utm_source, c.utm_medium, c.utm_campaign, c.destination
            FROM click_log c JOIN links l ON l.id = c.link_id WHERE c.id > $1 AND c.id <= $2 ORDER BY c.id LIMIT $3`, [after, to, max])).rows;
          await rollup(q, rows as ClickRecord[]);
          const last = rows.length < max ? to : Number(rows.at(-1).id);
          await q("UPDATE click_state SET value = $1 WHERE name = 'fold_after'", [last]);
          return last < to;
        }
        // A deleted link: its rollups (taken off the account's), then its raw clicks by id range.
        const p = (await q('SELECT link_id, user_id, next_log_id, last_log_id FROM link_purges ORDER BY link_id LIMIT 1')).rows[0] as
          { link_id: number; user_id: number; next_log_id: number; last_log_id: number } | undefined;
        if (p) {
          const days = (await q('DELETE FROM click_days WHERE (link_id, day) IN (SELECT link_id, day FROM click_days WHERE link_id = $1 ORDER BY day LIMIT $2) RETURNING day, clicks, dims',
            [p.link_id, Math.max(1, Math.floor(max / 20))])).rows as { day: number; clicks: number; dims: DimEntry[] }[];
          if (days.length) {
            days.sort((a, b) => a.day - b.day);
            await q(`UPDATE account_days SET clicks = account_days.clicks - v.n FROM unnest($2::int[], $3::bigint[]) AS v(day, n)
              WHERE account_days.user_id = $1 AND account_days.day = v.day`, [p.user_id, col(days, 'day'), col(days, 'clicks')]);
            const dims = days.flatMap((d) => dimsOf(d.dims).map(([dim, value, n]) => ({ dim, day: d.day, value, n })));
            if (dims.length) {
              // Only what a day's row gave up goes off its month's (a value the account's day counted under (other) has no row).
              await q(`WITH taken AS (
                  UPDATE account_dims SET clicks = account_dims.clicks - v.n FROM unnest($2::int[], $3::int[], $4::text[], $5::bigint[]) AS v(dim, day, value, n)
                  WHERE account_dims.user_id = $1 AND account_dims.dim = v.dim AND account_dims.day = v.day AND account_dims.value = v.value
                  RETURNING account_dims.dim, account_dims.day, account_dims.value, v.n
                ), m AS (
                  SELECT taken.dim, mm.month, taken.value, sum(taken.n) AS n FROM taken JOIN unnest($6::int[], $7::int[]) AS mm(day, month) ON mm.day = taken.day
                  WHERE taken.dim <> $8 GROUP BY 1, 2, 3
                )
                UPDATE account_month_dims SET clicks = account_month_dims.clicks - m.n FROM m
                WHERE account_month_dims.user_id = $1 AND account_month_dims.dim = m.dim AND account_month_dims.month = m.month AND account_month_dims.value = m.value`,
              [p.user_id, col(dims, 'dim'), col(dims, 'day'), col(dims, 'value'), col(dims, 'n'), col(days, 'day'), days.map((d) => monthOf(d.day)), HOUR]);
            }
            return true;
          }
          const end = Math.min(p.next_log_id + max * 20, p.last_log_id + 1);
          await q('DELETE FROM click_log WHERE id >= $1 AND id < $2 AND link_id = $3', [p.next_log_id, end, p.link_id]);
          if (end > p.last_log_id) await q('DELETE FROM link_purges WHERE link_id = $1', [p.link_id]);
          else await q('UPDATE link_purges SET next_log_id = $1 WHERE link_id = $2', [end, p.link_id]);
          return true;
        }
        let more = false;
        if (retentionMs !== null) {
          const r = await q('DELETE FROM click_log WHERE id IN (SELECT id FROM click_log WHERE id > $1 AND created_at < $2 ORDER BY id LIMIT $3)',
            [to, now - retentionMs, max]);
          more = r.rowCount === max;
        }
        await q('DELETE FROM redirect_changes WHERE at < $1', [now - 600_000]);
        return more;
      });
    },

    async status() {
      const r = (await pool.query(`SELECT (SELECT value FROM click_state WHERE name = 'fold_after') AS after,
        (SELECT value FROM click_state WHERE name = 'fold_to') AS to, (SELECT count(*) FROM link_purges) AS purging`)).rows[0];
      return { foldPending: Math.max(0, Number(r.to) - Number(r.after)), purging: Number(r.purging) };
    },
  };
}
