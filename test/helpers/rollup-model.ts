// The rollups' rule as plain counting: what statistics must answer for clicks
// written in the batches given, each dimension's values kept per link-day and
// account-day up to the cap (a batch's new values most clicks first for a link,
// in key order for the account), the rest under (other). The property tests
// of the click writer (rollup-cap, rollup-batches) hold the server to it.
import type { ClickRecord } from '../../electron/server/db/repositories/click-rollup.ts';

const DAY = 86_400_000;
interface Cell { kept: Map<string, number>; other: number }
type Kept = Map<string, Cell>;

export type DimensionOf = readonly (readonly [name: string, get: (c: ClickRecord) => string, ...rest: unknown[]])[];

export function rollupModel(cap: number, dims: DimensionOf) {
  const linkDays: Kept = new Map();
  const userDays: Kept = new Map();
  const cellOf = (m: Kept, k: string) => {
    let c = m.get(k);
    if (!c) m.set(k, (c = { kept: new Map(), other: 0 }));
    return c;
  };
  /** Adds a batch's counts (in first-seen order) to a day's kept values by the rule. */
  function addBatch(cell: Cell, counts: Map<string, number>, order: 'count' | 'key') {
    const fresh: [string, number][] = [];
    for (const [v, n] of counts) {
      if (cell.kept.has(v)) cell.kept.set(v, cell.kept.get(v)! + n);
      else fresh.push([v, n]);
    }
    if (order === 'count') fresh.sort((x, y) => y[1] - x[1]);
    else fresh.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
    for (const [v, n] of fresh) {
      if (cell.kept.size < cap) cell.kept.set(v, n);
      else cell.other += n;
    }
  }
  /** A dimension's answer: kept values summed over the days chosen, the rest as (other). */
  function answerOf(m: Kept, prefix: string, days?: (day: number) => boolean): Map<string, number> {
    const out = new Map<string, number>();
    const add = (v: string, n: number) => n && out.set(v, (out.get(v) ?? 0) + n);
    for (const [k, c] of m) {
      if (!k.startsWith(prefix) || (days && !days(Number(k.split('|').at(-1))))) continue;
      for (const [v, n] of c.kept) add(v, n);
      add('(other)', c.other);
    }
    // As statistics answer: a value whose days sum to nothing or less is not listed (a purge takes a link's (other)
    // off the account's day even where the account kept those values by name: that day's (other) may go below 0).
    for (const [v, n] of out) if (n <= 0) out.delete(v);
    return out;
  }
  return {
    /** One batch as the writer got it. */
    add(batch: readonly ClickRecord[]) {
      for (const [dim, get] of dims) {
        const perLink = new Map<string, Map<string, number>>();
        const perUser = new Map<string, Map<string, number>>();
        for (const c of batch) {
          const day = Math.floor(c.created_at / DAY);
          for (const [m, k] of [[perLink, `${dim}|${c.link_id}|${day}`], [perUser, `${dim}|${day}`]] as const) {
            let counts = m.get(k);
            if (!counts) m.set(k, (counts = new Map()));
            counts.set(get(c), (counts.get(get(c)) ?? 0) + 1);
          }
        }
        for (const [k, counts] of perLink) addBatch(cellOf(linkDays, k), counts, 'count');
        for (const [k, counts] of perUser) addBatch(cellOf(userDays, k), counts, 'key');
      }
    },
    forLink: (dim: string, linkId: number, days?: (day: number) => boolean) => answerOf(linkDays, `${dim}|${linkId}|`, days),
    forAccount: (dim: string, days?: (day: number) => boolean) => answerOf(userDays, `${dim}|`, days),
    /** The model's cells by `dim|link|day` and `dim|day` (a purge test takes a link's off its account's). */
    linkDays, userDays,
  };
}

export const asMap = (rows: { value: string; count: number }[]) => new Map(rows.map((r) => [r.value, r.count]));
