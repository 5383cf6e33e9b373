import type { Kysely } from 'kysely';
import type { Engine } from '../db/repositories/like.ts';
import type { DB } from '../db/schema.ts';
import { createDomainsRepository } from '../db/repositories/domains-repository.ts';
import { createLinksRepository } from '../db/repositories/links-repository.ts';
import { createPixelsRepository, createSpacesRepository } from '../db/repositories/spaces-pixels-repository.ts';
import { createStatsRepository } from '../db/repositories/stats-repository.ts';
import { createUsersRepository } from '../db/repositories/users-repository.ts';

/** The API's repositories on either engine's store. */
export function createRepositories(store: { db: Kysely<DB>; engine: Engine }) {
  const { db, engine } = store;
  return {
    users: createUsersRepository(db),
    domains: createDomainsRepository(db, engine),
    links: createLinksRepository(db, engine),
    spaces: createSpacesRepository(db, engine),
    pixels: createPixelsRepository(db, engine),
    stats: createStatsRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

/** What every route needs besides the request. */
export interface ApiContext {
  repos: Repositories;
  baseUrl(): string;
  now(): number;
  timeZone: string;
  /** Fetch and store a link's title in the background. */
  scheduleTitle(linkId: number, url: string): void;
}
