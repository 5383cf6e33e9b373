import type { Kysely } from 'kysely';
import type { Engine } from '../db/repositories/like.ts';
import type { DB } from '../db/schema.ts';
import type { ApiGeneration } from '../config.ts';
import type { HealthChecker } from '../health/checker.ts';
import type { AbuseChecker } from '../abuse/checker.ts';
import { createBlocklistRepository } from '../db/repositories/blocklist-repository.ts';
import { createAuditRepository } from '../db/repositories/audit-repository.ts';
import { createDomainsRepository } from '../db/repositories/domains-repository.ts';
import { createLinksRepository } from '../db/repositories/links-repository.ts';
import { createPixelsRepository, createSpacesRepository } from '../db/repositories/spaces-pixels-repository.ts';
import { createStatsRepository } from '../db/repositories/stats-repository.ts';
import { createUsersRepository } from '../db/repositories/users-repository.ts';
import { createWebhooksRepository } from '../db/repositories/webhooks-repository.ts';
import type { WebhookEvent } from '../../../shared/schemas/webhooks.ts';
import { createReportsRepository } from '../abuse/reports-repository.ts';
import type { CreationLimits } from '../abuse/creation-limits.ts';

/** The API's repositories on either engine's store. */
export function createRepositories(store: { db: Kysely<DB>; engine: Engine }, o: { cityDatabase?: boolean } = {}) {
  const { db, engine } = store;
  return {
    users: createUsersRepository(db),
    domains: createDomainsRepository(db, engine),
    links: createLinksRepository(db, engine),
    spaces: createSpacesRepository(db, engine),
    pixels: createPixelsRepository(db, engine),
    stats: createStatsRepository(db, { cityDatabase: o.cityDatabase }),
    /** Every value of every list, for phpShort's pages and the CSV export. */
    statsAll: createStatsRepository(db, { cityDatabase: o.cityDatabase, topValues: Number.MAX_SAFE_INTEGER }),
    webhooks: createWebhooksRepository(db, engine),
    audit: createAuditRepository(db),
    blocklist: createBlocklistRepository(db, engine),
    /** Visitors' reports of links (issue 44). */
    reports: createReportsRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

/** What every route needs besides the request. */
export interface ApiContext {
  repos: Repositories;
  baseUrl(): string;
  now(): number;
  timeZone: string;
  /** `--api-generation`: how a link request that says neither reads `password`, and what answers' `password` means. */
  apiGeneration: ApiGeneration;
  /** Fetch and store a link's title in the background. */
  scheduleTitle(linkId: number, url: string): void;
  /** The destination checker; null with --no-health-checks. */
  health: HealthChecker | null;
  webhooks: WebhookContext;
  /** What links may point at: the blocklist (abuse/checker.ts). */
  abuse: AbuseChecker;
  /** Links a user may create a minute and a day (abuse/creation-limits.ts); absent: unlimited. */
  creationLimits?: CreationLimits;
}

export interface WebhookContext {
  /** Writes a delivery for each of the user's enabled hooks that subscribe to `event`. */
  emit(userId: number, event: WebhookEvent, data: unknown): Promise<void>;
  /** A delivery was just written: send it now rather than at the next poll. */
  wake(): void;
  /** Whether hooks may point at private addresses (the title fetcher's switch). */
  allowPrivate: boolean;
  /** Webhooks one user may have. */
  perUser: number;
}
