// The local instance's backups, in <dataDir>/backups: on demand, and daily
// (taken at start when the last automatic one is a day old, then checked
// hourly), keeping the last KEEP_AUTOMATIC automatic ones; manual ones stay
// until someone deletes them. A restore stops the local server, swaps the
// database and starts it again; on any failure it starts on the old one.
// Backups and restores run one at a time.
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ServerStatus } from '../../shared/contract.ts';
import type { BackupsView, BackupView } from '../../shared/transfer.ts';
import { backupDatabase, BackupError, checkBackup, fileStamp, restoreDatabase } from '../server/db/backup.ts';
import { DB_FILE, DB_SIDE_FILES } from '../server/db/database.ts';
import { ensurePrivateDir } from '../server/util/private-files.ts';
import { ServiceError } from './errors.ts';
import { say, se } from './i18n/service-errors.ts';
import type { HandlerDeps } from './handlers.ts';

export const BACKUPS_DIR = 'backups';
export const KEEP_AUTOMATIC = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const CHECK_EVERY_MS = 60 * 60 * 1000;

/** linkdesk-2026-11-23T15-40-00Z[-2][-auto].sqlite: the second's count keeps two backups of one second apart. */
const NAME = /^linkdesk-(\d{4}-\d\d-\d\dT\d\d)-(\d\d)-(\d\dZ)(?:-(\d+))?(-auto)?\.sqlite$/;

export interface BackupsOptions {
  dataDir: string;
  /** Stops the local server, so nothing holds the database during a restore. */
  stopServer(): Promise<void>;
  /** Starts it again; its status after. */
  startServer(): Promise<ServerStatus>;
  log: { warn(message: string): void; error(message: string): void };
  now?: () => Date;
}

export interface Backups {
  list(): BackupsView;
  create(automatic: boolean): Promise<BackupView>;
  restore(name: string): Promise<ServerStatus>;
  /** Takes the automatic backup if the last one is a day old or more (or there is none); null if none was due. */
  checkDaily(): Promise<BackupView | null>;
  /** Checks now, then hourly, until close. */
  schedule(): void;
  close(): Promise<void>;
  handlers: HandlerDeps['backups'];
}

const errMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));

function parse(name: string, size: number): BackupView | null {
  const m = NAME.exec(name);
  return m ? { name, size, createdAt: `${m[1]}:${m[2]}:${m[3]}`, automatic: m[5] !== undefined } : null;
}

/** The backups in `dir`, newest first. */
export function listBackups(dir: string): BackupView[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const found = names.flatMap((n) => {
    if (!NAME.test(n)) return [];
    const st = statSync(path.join(dir, n), { throwIfNoEntry: false });
    return st?.isFile() ? [{ view: parse(n, st.size)!, mtime: st.mtimeMs }] : [];
  });
  // Names tell the second; within one, the file written last is the newest.
  return found.sort((a, b) => b.view.createdAt.localeCompare(a.view.createdAt) || b.mtime - a.mtime).map((f) => f.view);
}

/** Deletes all but the newest `keep` automatic backups; the names deleted. */
export function rotateAutomatic(dir: string, keep = KEEP_AUTOMATIC): string[] {
  const old = listBackups(dir).filter((b) => b.automatic).slice(keep).map((b) => b.name);
  for (const n of old) rmSync(path.join(dir, n), { force: true });
  return old;
}

export function createBackups(opts: BackupsOptions): Backups {
  const dir = path.join(opts.dataDir, BACKUPS_DIR);
  const dbFile = path.join(opts.dataDir, DB_FILE);
  const now = opts.now ?? (() => new Date());
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  const list = (): BackupsView => {
    const backups = listBackups(dir);
    return { dir, backups, lastAutomaticAt: backups.find((b) => b.automatic)?.createdAt ?? null };
  };

  const createNow = async (automatic: boolean): Promise<BackupView> => {
    ensurePrivateDir(dir);
    const stamp = fileStamp(now());
    const taken = new Set(readdirSync(dir));
    let name = '';
    for (let n = 1; !name || taken.has(name); n++) name = `linkdesk-${stamp}${n > 1 ? `-${n}` : ''}${automatic ? '-auto' : ''}.sqlite`;
    try {
      const made = await backupDatabase(dbFile, path.join(dir, name));
      if (automatic) rotateAutomatic(dir);
      return parse(name, made.size)!;
    } catch (err) {
      if (err instanceof BackupError) throw new ServiceError('server', err.message);
      throw err;
    }
  };

  const restoreNow = async (name: string): Promise<ServerStatus> => {
    const chosen = list().backups.find((b) => b.name === name);
    if (!chosen) throw new ServiceError('not-found', say(se.backupMissing, { name, dir }));
    const file = path.join(dir, name);
    try {
      await checkBackup(file); // before the server stops: a bad file costs no downtime
    } catch (err) {
      throw new ServiceError('bad-request', `${chosen.name} was not restored: ${errMessage(err)}`);
    }
    await opts.stopServer();
    let previous: string | null;
    try {
      ({ previous } = await restoreDatabase(file, dbFile, now()));
    } catch (err) {
      const status = await opts.startServer();
      throw new ServiceError('server', `${name} was not restored: ${errMessage(err)} The local server ${status.state === 'running' ? 'is running again on the database it had' : `could not start again: ${status.message}`}.`);
    }
    const status = await opts.startServer();
    if (status.state === 'running' || !previous) return status;
    // The restored database does not serve: put the replaced one back, with its WAL.
    await opts.stopServer();
    for (const suffix of DB_SIDE_FILES) rmSync(dbFile + suffix, { force: true });
    renameSync(previous, dbFile);
    if (existsSync(`${previous}-wal`)) renameSync(`${previous}-wal`, `${dbFile}-wal`);
    const back = await opts.startServer();
    throw new ServiceError('server', `${name} was restored but the local server could not run on it (${status.message}); it is running again on the database it had.${back.state === 'running' ? '' : ` It could not start: ${back.message}`}`);
  };

  const checkDaily = () => serial(async () => {
    if (closed) return null;
    const last = list().lastAutomaticAt;
    if (last && now().getTime() - Date.parse(last) < DAY_MS) return null;
    if (!statSync(dbFile, { throwIfNoEntry: false })) return null; // nothing to back up yet
    return createNow(true);
  });
  const daily = () => {
    checkDaily().catch((err) => opts.log.error(`The daily backup failed: ${errMessage(err)}`));
  };

  return {
    list,
    create: (automatic) => serial(() => createNow(automatic)),
    restore: (name) => serial(() => restoreNow(name)),
    checkDaily,
    schedule() {
      if (timer || closed) return;
      daily();
      timer = setInterval(daily, CHECK_EVERY_MS);
      timer.unref(); // never what keeps the process alive
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      timer = null;
      await queue;
    },
    handlers: {
      'backups.list': async () => list(),
      'backups.create': () => serial(() => createNow(false)),
      'backups.restore': ({ name }) => serial(() => restoreNow(name)),
    },
  };
}
