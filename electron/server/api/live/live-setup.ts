// The live statistics feed of one server: its click reader, its limits from
// the configuration, and the re-reading of the open streams' rights.
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config.ts';
import type { Store } from '../../db/database.ts';
import type { PostgresStore } from '../../db/postgres.ts';
import { createLiveClicksRepository } from '../../db/repositories/live-clicks-repository.ts';
import { createLiveFeed } from './live-feed.ts';
import { createRightsCheck, type RightsSource } from './live-rights.ts';

/** Live statistics streams never end by themselves: they are ended before the server waits for its connections. */
export function setUpLiveFeed(app: FastifyInstance, store: Store | PostgresStore, config: ServerConfig, users: RightsSource, now: () => number) {
  const clicks = createLiveClicksRepository(store.db);
  const feed = createLiveFeed({
    repo: clicks, outOfOrder: store.engine === 'postgres', onError: (err) => app.log.error({ err }, 'live statistics: reading clicks or rights failed'),
    limits: { perKey: config.liveStreamsPerKey, perUser: config.liveStreamsPerUser, total: config.liveStreamsMax },
    recheck: createRightsCheck(users, now),
  });
  app.addHook('preClose', async () => feed.close());
  return { feed, clicks };
}
