// A second real server, selected as the window's instance, whose clock a test
// sets while it visits short links: real redirects leave clicks on chosen days.
// Days are UTC on both sides (the server's zone, and the page's with
// `timezoneId: 'UTC'`), so a preset counted in the page matches the server's days.
import { startServer, type TestServer } from '../helpers/server.ts';
import { test, type World } from './fixtures.ts';
import { visit } from './seed.ts';

const DAY_MS = 86_400_000;

/** The UTC date `n` days before today. */
export const daysAgo = (n: number): string => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);

export interface DatedInstance {
  server: TestServer;
  /** Creates a link without a domain on this instance; its id. */
  link(alias: string): Promise<number>;
  /** `times` real visits of `/alias` at noon (UTC) on `date`. */
  clickOn(alias: string, date: string, times: number): Promise<void>;
  close(): Promise<void>;
}

export async function datedInstance(world: World): Promise<DatedInstance> {
  let fixed: number | null = null;
  const server = await startServer({ timeZone: 'UTC' }, { now: () => fixed ?? Date.now() });
  const view = await world.addInstance('Dated', server.url, server.key);
  await world.invoke('instances.select', { id: view.id });
  return {
    server,
    link: async (alias) => (await world.invoke('links.create', { data: { url: `https://example.com/${alias}`, alias } })).id,
    async clickOn(alias, date, times) {
      fixed = Date.parse(`${date}T12:00:00Z`);
      try {
        await visit(world, alias, times, {}, server.url);
      } finally {
        fixed = null;
      }
    },
    close: () => server.close(),
  };
}

/** The e2e fixtures plus `dated`, closed after the test. */
export const datedTest = test.extend<{ dated: DatedInstance }>({
  dated: async ({ world }, use) => {
    const dated = await datedInstance(world);
    await use(dated);
    await dated.close();
  },
});
