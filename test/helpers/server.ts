// Each test builds its own world: a temporary data folder, a real SQLite file,
// the real app listening on 127.0.0.1 port 0, and a user with an API key.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type AppDeps } from '../../electron/server/app.ts';
import type { ServerConfig } from '../../electron/server/config.ts';
import { openStore, type Store } from '../../electron/server/db/database.ts';
import { createUsersRepository } from '../../electron/server/db/repositories/users-repository.ts';
import { httpUrlOf } from '../../electron/server/util/address.ts';

export interface TestServer {
  url: string;
  key: string;
  dataDir: string;
  store: Store;
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
  const store = openStore(dataDir);
  const app = await buildApp({ store, config: { dataDir, fetchTitles: false, ...config }, ...deps });
  await app.listen({ host: '127.0.0.1', port: 0 });
  // Where it listens, which a configured --base-url (a public name) need not be.
  const url = httpUrlOf(app.server.address() as AddressInfo);
  const users = createUsersRepository(store.db);
  const newUserKey = async (name = 'user') => (await users.createUserWithKey(name)).key;
  const key = reuse?.key ?? (await newUserKey('owner'));

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
    const res = await fetch(`${url}/api/v1${p}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown;
    try { parsed = JSON.parse(text); } catch { parsed = undefined; }
    return { status: res.status, headers: res.headers, body: parsed, text };
  };

  return {
    url, key, dataDir, store, app, newUserKey, api,
    async close(opts = {}) {
      await app.close();
      await store.close();
      if (!opts.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
