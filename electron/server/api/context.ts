import type { Store } from '../db/database.ts';
import { createDomainsRepository } from '../db/repositories/domains-repository.ts';
import { createLinksRepository } from '../db/repositories/links-repository.ts';
import { createPixelsRepository, createSpacesRepository } from '../db/repositories/spaces-pixels-repository.ts';
import { createStatsRepository } from '../db/repositories/stats-repository.ts';
import { createUsersRepository } from '../db/repositories/users-repository.ts';

export function createRepositories(store: Store) {
  return {
    users: createUsersRepository(store.db),
    domains: createDomainsRepository(store.db),
    links: createLinksRepository(store.db),
    spaces: createSpacesRepository(store.db),
    pixels: createPixelsRepository(store.db),
    stats: createStatsRepository(store.db),
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
