// Each test builds its own world: a temporary data folder, a real SQLite file,
// the real app listening on 127.0.0.1 port 0, and a user with an API key.
// In the `postgres` project (LINKDESK_TEST_ENGINE=postgres, vitest.config.ts)
// the same world has a fresh database of its own on the run's PostgreSQL
// cluster instead of the SQLite file.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type AppDeps } from '../../electron/server/app.ts';
import type { ServerConfig } from '../../electron/server/config.ts';
import { Agent, fetch as fetchWith } from 'undici';
import { inject } from 'vitest';
import { openStore, type Store } from '../../electron/server/db/database.ts';
import { openPostgres, type PostgresStore } from '../../electron/server/db/postgres.ts';
import { createUsersRepository } from '../../electron/server/db/repositories/users-repository.ts';
import { httpUrlOf } from '../../electron/server/util/address.ts';
import { clusterFrom } from './postgres.ts';
import { seedMigrated } from './sqlite-template.ts';

export const TEST_ENGINE: 'sqlite' | 'postgres' = process.env.LINKDESK_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** The data folder's store on the run's engine; on PostgreSQL, a database named in the folder (so a restart finds it). */
export async function openTestStore(dataDir: string): Promise<Store | PostgresStore> {
  if (TEST_ENGINE === 'sqlite') {
    await seedMigrated(dataDir);
    return openStore(dataDir);
  }
  const file = path.join(dataDir, 'postgres-url');
  if (!existsSync(file)) writeFileSync(file, await clusterFrom(inject('pgCluster')).copyMigrated(`t_${randomBytes(6).toString('hex')}`));
  return openPostgres(readFileSync(file, 'utf8'));
}

/** The SQLite handle of a test that is about the embedded file itself (it runs in the sqlite project only). */
export function sqliteOf(store: Store | PostgresStore) {
  if (store.engine !== 'sqlite') throw new Error('this test is about the SQLite store');
  return store.sqlite;
}

/** Runs SQL on either engine's store ($1, $2… placeholders); the rows it returns. */
export async function runSql(store: Store | PostgresStore, text: string, params: unknown[] = []): Promise<any[]> {
  if (store.engine === 'postgres') return (await store.pool.query(text, params)).rows;
  const stmt = store.sqlite.prepare(text.replace(/\$\d+/g, '?'));
  return stmt.reader ? stmt.all(...params) : (stmt.run(...params), []);
}

export interface TestServer {
  url: string;
  key: string;
  dataDir: string;
  store: Store | PostgresStore;
  /** SQL on the server's database, either engine ($1, $2… placeholders). */
  sql(text: string, params?: unknown[]): Promise<any[]>;
  app: Awaited<ReturnType<typeof buildApp>>;
  newUserKey(name?: string): Promise<string>;
  api(method: string, pathAndQuery: string, opts?: { form?: string | Record<string, string>; json?: unknown; key?: string | null; headers?: Record<string, string> }): Promise<ApiResponse>;
  /** `keepData` leaves the data folder for a restart on the same data. */
  close(opts?: { keepData?: boolean }): Promise<void>;
}
export interface ApiResponse { status: number; headers: Headers; body: any; text: string }

/** `reuse` starts on an existing data folder with a key it already holds (a restart). */
export async function startServer(
  config: Partial<ServerConfig> = {}, deps: Partial<AppDeps> = {}, reuse?: { dataDir: string; key: string },
): Promise<TestServer> {
  const dataDir = reuse?.dataDir ?? mkdtempSync(path.join(tmpdir(), 'linkdesk-test-'));
  const store = await openTestStore(dataDir);
  const app = await buildApp({ store, config: { dataDir, fetchTitles: false, healthChecks: false, ...config }, ...deps });
  await app.listen({ host: '127.0.0.1', port: 0 });
  // Where it listens, which a configured --base-url (a public name) need not be.
  const url = httpUrlOf(app.server.address() as AddressInfo);
  const users = createUsersRepository(store.db);
  const newUserKey = async (name = 'user') => (await users.createUserWithKey(name)).key;
  const key = reuse?.key ?? (await newUserKey('owner'));

  // A connection per request: the server runs in the test's own process, and a
  // test that blocks it (spawnSync of the CLI) can hand fetch a kept-alive
  // socket whose idle timer fires before the request is read: ECONNRESET.
  const dispatcher = new Agent({ pipelining: 0 });
  const api: TestServer['api'] = async (method, p, opts = {}) => {
    const headers: Record<string, string> = { accept: 'application/json', ...(opts.headers ?? {}) };
    const k = opts.key === undefined ? key : opts.key;
    if (k !== null) headers.authorization = `Bearer ${k}`;
    let body: string | undefined;
    if (opts.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = typeof opts.form === 'string' ? opts.form : new URLSearchParams(opts.form).toString();
    } else if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    }
    const res = await fetchWith(`${url}/api/v1${p}`, { method, headers, body, dispatcher });
    const text = await res.text();
    let parsed: unknown;
    try { parsed = JSON.parse(text); } catch { parsed = undefined; }
    // undici's Headers is the global one in all but its TypeScript name.
    return { status: res.status, headers: res.headers as unknown as Headers, body: parsed, text };
  };

  return {
    url, key, dataDir, store, app, newUserKey, api, sql: (text, params) => runSql(store, text, params),
    async close(opts = {}) {
      await app.close();
      // A test may close its server twice; the second finds the connections gone already.
      if (!dispatcher.closed && !dispatcher.destroyed) await dispatcher.close();
      await store.close();
      if (!opts.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
