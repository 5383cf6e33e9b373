// Case (c) of bench:redirect: every link carries the same 10 rules of 3
// conditions, none of which the bench's visitors meet in full.

/**
 * 10 rules of 3 conditions: device, language, OS, browser and time conditions
 * the bench's visitors meet, so the third (a country, a query parameter, a
 * device none of them has) decides each, and each request works out every
 * fact a rule can ask (GeoIP, User-Agent, languages, query) and tries all ten.
 */
function benchRules(): string {
  const day = 86_400_000;
  const wall = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
  const between = { from: wall(Date.now() - day), to: wall(Date.now() + 30 * day) };
  const rules = Array.from({ length: 10 }, (_, i) => {
    const url = `https://example.com/rule-${i}`;
    switch (i % 3) {
      case 0: return { if: { devices: ['desktop', 'mobile', 'tablet'], between, countries: ['DE', 'FR', 'AT'] }, url };
      case 1: return { if: { operating_systems: ['Windows', 'iOS', 'Android', 'OS X', 'Ubuntu'], languages: ['en', 'de', 'fr', 'es'], query: { ref: `r${i}` } }, url };
      default: return { if: { browsers: ['Chrome', 'Safari', 'Firefox', 'Edge'], continents: ['EU', 'NA', 'AS'], devices: ['watch'] }, url };
    }
  });
  return JSON.stringify(rules);
}

/** Gives every link the benchmark's 10 rules. */
export async function withRules(databaseUrl?: string, dataDir?: string) {
  if (databaseUrl) {
    const { openPostgres } = await import('../../electron/server/db/postgres.ts');
    const store = await openPostgres(databaseUrl);
    try {
      await store.pool.query('UPDATE links SET rules = $1', [benchRules()]);
      await store.pool.query('VACUUM ANALYZE links');
    } finally {
      await store.close();
    }
    return;
  }
  const { openStore } = await import('../../electron/server/db/database.ts');
  const store = openStore(dataDir!);
  try {
    store.sqlite.prepare('UPDATE links SET rules = ?').run(benchRules());
    store.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    await store.close();
  }
}
