// The instance's ctx.abuse from its configuration: the blocklist, reloaded
// when any process changes it, known shorteners resolved one hop, and Google
// Safe Browsing when a key is set; loaded when the server is ready, closed with it.
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';
import type { BlocklistRepository } from '../db/repositories/blocklist-repository.ts';
import { createAbuseChecker, type AbuseChecker } from './checker.ts';
import { createSafeBrowsing } from './safe-browsing.ts';
import { createShortenerResolver } from './shorteners.ts';

export function setUpAbuse(app: FastifyInstance, config: ServerConfig, repo: BlocklistRepository, now: () => number): AbuseChecker {
  const abuse = createAbuseChecker({
    repo,
    shorteners: createShortenerResolver({ hosts: config.knownShorteners ?? undefined, allowPrivate: config.allowPrivateTitles }),
    safeBrowsing: config.safeBrowsingKey
      ? createSafeBrowsing({ key: config.safeBrowsingKey, url: config.safeBrowsingUrl, allowPrivate: config.allowPrivateTitles, now })
      : null,
  });
  app.addHook('onReady', async () => abuse.refresh(true));
  app.addHook('onClose', async () => abuse.close());
  return abuse;
}
