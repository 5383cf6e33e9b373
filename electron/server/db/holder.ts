// Who has a data folder's database open. Servers on one folder share it freely
// (WAL), so there is no lock file to read: each open connection holds a shared
// lock on the database file for as long as it is open, and a connection that
// asks for an exclusive one is refused while any other exists. On Linux, /proc
// then names the process and the port it listens on.
import { readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DB_SIDE_FILES } from './database.ts';

/** Long enough for a command that opened the file for a moment (keys list) to let go. */
const WAIT_MS = 1000;

/** Null when nothing has `dbFile` open; otherwise who does, as precisely as the system tells. */
export function holderOf(dbFile: string): string | null {
  let db: Database.Database;
  try {
    db = new Database(dbFile, { fileMustExist: true });
  } catch {
    return null; // nothing there to be held
  }
  let busy = false;
  try {
    db.pragma(`busy_timeout = ${WAIT_MS}`);
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
  } catch (err) {
    busy = (err as { code?: string }).code === 'SQLITE_BUSY'; // else not a database: nobody serves it either
  } finally {
    db.close(); // before looking for holders, so this probe is not taken for one
  }
  return busy ? describeHolder(dbFile) ?? 'another connection (a Linkdesk server or command)' : null;
}

const realOrSame = (p: string) => {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
};

function describeHolder(dbFile: string): string | null {
  if (process.platform !== 'linux') return null;
  const base = realOrSame(dbFile);
  const targets = new Set([base, ...DB_SIDE_FILES.map((s) => base + s)]);
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  for (const pid of pids) {
    const sockets = new Set<string>();
    let holds = false;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or another user's
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue; // closed meanwhile (the listing's own, for one)
      }
      if (targets.has(target)) holds = true;
      const socket = /^socket:\[(\d+)\]$/.exec(target);
      if (socket) sockets.add(socket[1]!);
    }
    if (!holds) continue;
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    } catch {
      // ended meanwhile: still the one that held it
    }
    const ports = listeningPorts(pid, sockets);
    const who = Number(pid) === process.pid ? 'this process' : `process ${pid}`;
    const shown = command.length > 160 ? `${command.slice(0, 159)}…` : command;
    return `${who}${shown ? ` (${shown})` : ''}${ports.length ? `, listening on port ${ports.join(', ')}` : ''}`;
  }
  return null;
}

/** TCP ports in LISTEN state (0A) whose socket inodes the process holds. */
function listeningPorts(pid: string, sockets: Set<string>): number[] {
  const ports = new Set<number>();
  for (const table of ['tcp', 'tcp6']) {
    let text: string;
    try {
      text = readFileSync(`/proc/${pid}/net/${table}`, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f[3] === '0A' && sockets.has(f[9]!)) ports.add(parseInt(f[1]!.split(':')[1]!, 16));
    }
  }
  return [...ports].sort((a, b) => a - b);
}
