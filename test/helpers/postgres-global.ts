// Vitest global setup of the `postgres` project: one throw-away cluster for
// the whole run; each test server gets a database of its own on it, a copy of one migrated here.
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../../electron/server/db/postgres.ts';
import { MIGRATED_TEMPLATE, startPostgres } from './postgres.ts';

export default async function setup(project: TestProject) {
  const cluster = await startPostgres();
  // Migrated once here; each test server's database is a copy (server.ts, clusterFrom().copyMigrated). Closed
  // before any copy is made: PostgreSQL copies only a database nobody is connected to.
  try {
    await (await openPostgres(cluster.createDatabase(MIGRATED_TEMPLATE))).close();
  } catch (err) {
    cluster.stop();
    throw err;
  }
  project.provide('pgCluster', cluster.info);
  return () => cluster.stop();
}
