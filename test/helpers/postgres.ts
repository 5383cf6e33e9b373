// A throw-away PostgreSQL cluster for tests: Debian's server binaries, a
// temporary folder, a free loopback port, removed again by stop(). PostgreSQL
// refuses to run as root, so as root the cluster runs as the `postgres` user.
// Where no cluster can be started this throws with the reason: PostgreSQL
// tests fail then, they never skip.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** What reaching a running cluster takes; passed from vitest's global setup to test files. */
export interface ClusterInfo { bin: string; dir: string; port: number; asRoot: boolean }

declare module 'vitest' {
  export interface ProvidedContext { pgCluster: ClusterInfo }
}

export interface PgCluster {
  info: ClusterInfo;
  /** postgres://linkdesk:…@127.0.0.1:PORT/linkdesk: a role with a password, owner of its database. */
  url: string;
  port: number;
  /** A fresh, empty database owned by the same role; its URL. */
  createDatabase(name: string): string;
  /** Runs SQL as the superuser over the cluster's socket. */
  admin(sql: string, database?: string): string;
  /** Stops the server (fast shutdown: connections are cut) and starts it again on the same port. */
  pause(): void;
  resume(): void;
  stop(): void;
}

export const PG_USER = 'linkdesk';
/**
 * The `postgres` project's migrated, empty database (postgres-global.ts): a test server's database is a copy of it
 * (CREATE DATABASE … TEMPLATE), not a fresh one migrated again: beside a second suite a copy and its opening took
 * 0.8 s (median of 8), a psql process, a fresh database and its migrations 1.3 s.
 */
export const MIGRATED_TEMPLATE = 'linkdesk_migrated';
export const PG_PASSWORD = 'test-password';
const ROOTS = ['/usr/lib/postgresql'];

function serverBin(): string {
  const fromEnv = process.env.LINKDESK_PG_BIN;
  if (fromEnv) return fromEnv;
  for (const root of ROOTS) {
    if (!existsSync(root)) continue;
    const versions = readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(root, versions[0], 'bin');
  }
  throw new Error('PostgreSQL server binaries not found (looked in /usr/lib/postgresql/*/bin; set LINKDESK_PG_BIN): '
    + 'install Debian\'s postgresql package (.ci/run does).');
}

/** A port nothing listens on at the moment (on 127.0.0.1). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function runner(bin: string, asRoot: boolean) {
  return (tool: string, args: string[]) => {
    const cmd = asRoot ? 'runuser' : path.join(bin, tool);
    const full = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    try {
      return execFileSync(cmd, full, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
    } catch (err) {
      const e = err as { stderr?: string; message: string };
      throw new Error(`PostgreSQL test cluster: ${tool} failed: ${(e.stderr || e.message).trim()}`);
    }
  };
}

/** Databases on a cluster started elsewhere (see postgres-global.ts). */
export function clusterFrom(info: ClusterInfo): Pick<PgCluster, 'createDatabase' | 'admin' | 'port'> & {
  /** A copy of MIGRATED_TEMPLATE (made by postgres-global.ts) owned by the same role; its URL. */
  copyMigrated(name: string): Promise<string>;
} {
  const run = runner(info.bin, info.asRoot);
  const admin = (sql: string, database = 'postgres') =>
    run('psql', ['-h', info.dir, '-p', String(info.port), '-U', 'postgres', '-d', database, '-v', 'ON_ERROR_STOP=1', '-qAt', '-c', sql]);
  const plain = (name: string) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
    return name;
  };
  const urlOf = (name: string) => `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${info.port}/${name}`;
  const createDatabase = (name: string) => {
    admin(`CREATE DATABASE ${plain(name)} OWNER ${PG_USER}`);
    return urlOf(name);
  };
  // Over the cluster's socket as the superuser (trusted there), from this process: no psql to start.
  const copyMigrated = async (name: string) => {
    const sql = `CREATE DATABASE ${plain(name)} TEMPLATE ${MIGRATED_TEMPLATE} OWNER ${PG_USER}`;
    const client = new pg.Client({ host: info.dir, port: info.port, user: 'postgres', database: 'postgres' });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
    return urlOf(name);
  };
  return { admin, createDatabase, copyMigrated, port: info.port };
}

export async function startPostgres(): Promise<PgCluster> {
  const bin = serverBin();
  const asRoot = userInfo().uid === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-pg-'));
  const data = path.join(dir, 'data');
  const run = runner(bin, asRoot);
  if (asRoot) {
    const pg = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim();
    const gid = execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim();
    chownSync(dir, Number(pg), Number(gid));
  }
  const port = await freePort();
  let started = false;
  const stop = () => {
    if (started) {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already gone
      }
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // fsync off: a test cluster is thrown away, and tests kill Linkdesk nodes, never PostgreSQL itself.
  const start = () => {
    run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '30', '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`, 'start']);
    started = true;
  };
  try {
    // Local (socket) connections are trusted, TCP ones need the password.
    run('initdb', ['-D', data, '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync', '-A', 'trust', '--auth-host=scram-sha-256']);
    start();
  } catch (err) {
    const log = existsSync(path.join(dir, 'log')) ? readFileSync(path.join(dir, 'log'), 'utf8').trim().split('\n').slice(-5).join('\n') : '';
    stop();
    throw new Error(`${(err as Error).message}${log ? `\n${log}` : ''}`);
  }
  const info: ClusterInfo = { bin, dir, port, asRoot };
  const { admin, createDatabase } = clusterFrom(info);
  admin(`CREATE ROLE ${PG_USER} LOGIN PASSWORD '${PG_PASSWORD}'`);
  const pause = () => {
    run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    started = false;
  };
  return { info, url: createDatabase('linkdesk'), port, createDatabase, admin, pause, resume: start, stop };
}
