// Vitest global setup of the `postgres` project: one throw-away cluster for
// the whole run; each test server gets a database of its own on it.
import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres.ts';

export default async function setup(project: TestProject) {
  const cluster = await startPostgres();
  project.provide('pgCluster', cluster.info);
  return () => cluster.stop();
}
