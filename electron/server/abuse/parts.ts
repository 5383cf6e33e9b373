// Issue 44 part B's pieces as the app builds them: bans, the re-check (when a
// verdict is given: part A's ctx.abuse.matchLink at merge) and the limits on creation.
import type { Kysely } from 'kysely';
import type { Repositories, WebhookContext } from '../api/context.ts';
import type { UrlContext } from '../api/serializers.ts';
import type { ServerConfig } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { createBans } from './bans.ts';
import type { AbuseChecker } from './checker.ts';
import { createCreationLimits } from './creation-limits.ts';
import { createRecheck, type VerdictOf } from './recheck.ts';

export type { Recheck, VerdictOf } from './recheck.ts';

/** The re-check's verdict from the blocklist and threat lists (part A's checker): 'due' while a threat list cannot be asked. */
export const verdictOfChecker = (abuse: Pick<AbuseChecker, 'examine'>): VerdictOf => async (link) => {
  const { verdict, outcome } = await abuse.examine(link);
  return verdict ?? (outcome === 'due' ? 'due' : null);
};

export interface AbusePartsDeps {
  store: { db: Kysely<DB>; engine: 'sqlite' | 'postgres' };
  repos: Repositories;
  webhooks: Pick<WebhookContext, 'emit'>;
  config: Pick<ServerConfig, 'abuseRecheckPerMinute' | 'linksPerMinute' | 'linksPerDay'>;
  urls(): UrlContext;
  now(): number;
  verdictOf?: VerdictOf;
}

export function createAbuseParts(d: AbusePartsDeps) {
  const { db, engine } = d.store;
  const bans = createBans({ db, engine, repos: d.repos, webhooks: d.webhooks, urls: d.urls, now: d.now });
  return {
    bans,
    recheck: d.verdictOf ? createRecheck({ db, bans, verdictOf: d.verdictOf, perMinute: d.config.abuseRecheckPerMinute, now: d.now }) : null,
    creationLimits: createCreationLimits({ db, perMinute: d.config.linksPerMinute, perDay: d.config.linksPerDay, now: d.now }),
  };
}
