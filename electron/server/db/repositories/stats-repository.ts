import { sql, type Kysely } from 'kysely';
import type { CountRow, LinkStats } from '../../../../shared/api-types.ts';
import type { DB } from '../schema.ts';

const DIMENSIONS = { countries: 'country', platforms: 'platform', browsers: 'browser', languages: 'language', referrers: 'referrer' } as const;
const TOP = 50;

export function createStatsRepository(db: Kysely<DB>) {
  return {
    async forLink(linkId: number, clicks: number): Promise<LinkStats> {
      const days = await db.selectFrom('clicks')
        .select([sql<string>`date(created_at / 1000, 'unixepoch')`.as('date'), (eb) => eb.fn.countAll<number>().as('count')])
        .where('link_id', '=', linkId).groupBy('date').orderBy('date').execute();
      const by = async (column: (typeof DIMENSIONS)[keyof typeof DIMENSIONS]): Promise<CountRow[]> =>
        (await db.selectFrom('clicks')
          .select([sql<string>`ifnull(${sql.ref(column)}, 'Unknown')`.as('value'), (eb) => eb.fn.countAll<number>().as('count')])
          .where('link_id', '=', linkId).groupBy('value').orderBy('count', 'desc').orderBy('value').limit(TOP).execute());
      const [countries, platforms, browsers, languages, referrers] = await Promise.all(
        Object.values(DIMENSIONS).map((c) => by(c)),
      ) as [CountRow[], CountRow[], CountRow[], CountRow[], CountRow[]];
      return { link_id: linkId, clicks, days, countries, platforms, browsers, languages, referrers };
    },
  };
}
export type StatsRepository = ReturnType<typeof createStatsRepository>;
