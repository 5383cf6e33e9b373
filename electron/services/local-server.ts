// The embedded instance: the same buildApp the CLI serves, listening on
// 127.0.0.1 with its SQLite file in the app's data folder. The desktop reaches
// it over HTTP like any remote instance, with a key that exists only in the
// secret store (created here on first start, straight from the repository).
// Its warnings and errors go to logs/server.log in the data folder.
import type { FastifyInstance } from 'fastify';
import type { ServerStatus } from '../../shared/contract.ts';
import { buildApp } from '../server/app.ts';
import type { ServerConfig } from '../server/config.ts';
import { openStore, type Store } from '../server/db/database.ts';
import { createUsersRepository } from '../server/db/repositories/users-repository.ts';
import { parseApiKey, sameHash, sha256 } from '../server/util/secrets.ts';
import type { LocalServerSettings } from './instance-profiles.ts';
import type { SecretStore } from './secret-store.ts';
import { openServerLog, type ServerLog } from './server-log.ts';
import { settleRequestSites } from '../server/util/settle-request-sites.ts';

export const DEFAULT_LOCAL_PORT = 8080;
export const LOCAL_HOST = '127.0.0.1';
const DESKTOP_USER = 'Desktop';

export interface LocalServerOptions {
  dataDir: string;
  /** Keychain account of the local instance's key. */
  account: string;
  secrets: SecretStore;
  settings(): LocalServerSettings;
  saveSettings(patch: Partial<LocalServerSettings>): Promise<void>;
  /** Server options beyond host, port and data folder (titles, rate limit…). */
  config?: Partial<ServerConfig>;
  /**
   * The log to write to, kept open across restarts by its owner (the desktop);
   * without one, each run opens logs/server.log itself and closes it on stop.
   */
  log?: ServerLog;
}

export interface LocalServer {
  status(): ServerStatus;
  start(): Promise<ServerStatus>;
  stop(): Promise<void>;
  /** Stops, remembers the port (null: the default), and starts again. */
  setPort(port: number | null): Promise<ServerStatus>;
  /** Stops, remembers each given setting (port null: the default), and starts again. */
  reconfigure(patch: Partial<Pick<LocalServerSettings, 'port' | 'apiGeneration' | 'cityDatabase'>>): Promise<ServerStatus>;
  /** Where the server will listen, or does: for showing before it runs. */
  configuredPort(): number;
}

const errMessage = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0]!;

export function createLocalServer(opts: LocalServerOptions): LocalServer {
  let status: ServerStatus = { state: 'stopped', url: null, port: null, message: null };
  let running: { app: FastifyInstance; store: Store; ownLog: ServerLog | null } | null = null;
  // start/stop/setPort run one at a time; a second start while starting waits for the first.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };
  const configuredPort = () => opts.settings().port ?? DEFAULT_LOCAL_PORT;
  const reconfigure = (patch: Partial<Pick<LocalServerSettings, 'port' | 'apiGeneration' | 'cityDatabase'>>) => serial(async () => {
    await stopNow();
    await opts.saveSettings(patch);
    return startNow();
  });

  async function ensureKey(store: Store): Promise<void> {
    const users = createUsersRepository(store.db);
    // The desktop's own user administers its local instance, even when the
    // command line made another user first (its keys then gain `admin`).
    const own = opts.settings().userId;
    const ownUser = own ? await users.findUser(own) : undefined;
    if (ownUser?.name === DESKTOP_USER && ownUser.role !== 'admin') await users.updateUser(ownUser.id, { role: 'admin' });
    const stored = await opts.secrets.get(opts.account);
    if (stored) {
      const parsed = parseApiKey(stored);
      const row = parsed && await users.activeKeyByPrefix(parsed.prefix);
      if (row && sameHash(row.hash, sha256(stored))) return;
    }
    // No usable key (first start, a session-only secret store, or a wiped
    // database): give the desktop's user a fresh key, so records made earlier
    // stay visible, and revoke the lost one, which nobody else ever held.
    const { userId, keyId } = opts.settings();
    const found = userId ? await users.findUser(userId) : undefined;
    const user = found?.name === DESKTOP_USER ? found : undefined; // not someone else's after a wiped database
    let created: { keyId: number; key: string; userId: number };
    if (user) {
      const k = await users.addKey(user.id);
      created = { keyId: k.keyId, key: k.key, userId: user.id };
      if (keyId && keyId !== k.keyId) await users.revokeKey(keyId);
    } else {
      const u = await users.createUserWithKey(DESKTOP_USER, 'admin');
      created = { keyId: u.keyId, key: u.key, userId: u.userId };
    }
    await opts.secrets.set(opts.account, created.key);
    await opts.saveSettings({ userId: created.userId, keyId: created.keyId });
  }

  async function listen(store: Store, log: ServerLog, port: number): Promise<FastifyInstance> {
    const app = await buildApp({
      store, logger: log.loggerOptions,
      // Only the file Settings chose: none is none (not a city package that happens to be installed beside the app).
      geoipCity: opts.settings().cityDatabase ?? null,
      config: { ...opts.config, host: LOCAL_HOST, port, dataDir: opts.dataDir, apiGeneration: opts.settings().apiGeneration ?? 'seed' },
    });
    try {
      await app.listen({ host: LOCAL_HOST, port });
      await settleRequestSites(app);
      return app;
    } catch (err) {
      await app.close();
      throw err;
    }
  }

  async function startNow(): Promise<ServerStatus> {
    if (running) return status;
    const wanted = configuredPort();
    status = { state: 'starting', url: null, port: null, message: null };
    let store: Store | null = null;
    let ownLog: ServerLog | null = null;
    let log: ServerLog | undefined = opts.log;
    try {
      if (!log) log = ownLog = openServerLog(opts.dataDir);
      store = openStore(opts.dataDir, { onNotice: log.warn });
      await ensureKey(store);
      let app: FastifyInstance;
      let message: string | null = null;
      try {
        app = await listen(store, log, wanted);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code !== 'EADDRINUSE' && code !== 'EACCES') throw err;
        app = await listen(store, log, 0);
        message = `Port ${wanted} is ${code === 'EACCES' ? 'not allowed' : 'in use by another program'}, so the local server is on port ${portOf(app)} for now. Short links made while it runs there use that port.`;
        log.warn(message);
      }
      running = { app, store, ownLog };
      const port = portOf(app);
      status = { state: 'running', url: `http://${LOCAL_HOST}:${port}`, port, message };
    } catch (err) {
      await store?.close();
      const message = `The local server could not start: ${errMessage(err)}`;
      status = { state: 'error', url: null, port: null, message };
      log?.error(message);
      await ownLog?.close();
    }
    return status;
  }

  async function stopNow(): Promise<void> {
    const r = running;
    running = null;
    if (r) {
      try {
        await r.app.close(); // finishes in-flight requests first
      } finally {
        await r.store.close();
        await r.ownLog?.close();
      }
    }
    status = { state: 'stopped', url: null, port: null, message: null };
  }

  return {
    status: () => ({ ...status }),
    start: () => serial(startNow),
    stop: () => serial(stopNow),
    setPort: (port) => reconfigure({ port }),
    reconfigure,
    configuredPort,
  };
}

function portOf(app: FastifyInstance): number {
  const a = app.server.address();
  return a && typeof a === 'object' ? a.port : 0;
}
