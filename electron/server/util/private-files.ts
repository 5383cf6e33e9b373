// The data folder holds the database (every link, its password hash, every
// click, the key hashes), the instance profiles and the logs: on POSIX only
// its owner may open any of it. Folders are 0700, files 0600. One found wider
// (made by an older release, restored from a backup, created under a loose
// umask) is tightened and the tightening is reported, because someone may have
// read it meanwhile. Windows has no such modes (the ACLs of the user's profile
// folder do that job there), so nothing is changed on it.
import { chmodSync, closeSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { forTerminal } from './log-options.ts';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Receives one sentence about a permission that was (or could not be) tightened. */
export type Notice = (message: string) => void;

/**
 * Where notices go when nobody asked for them: one JSON line on stderr, shaped
 * like the server's log lines, for whatever collects them; on a terminal, the
 * same line made readable for the person who typed the command.
 */
export const stderrNotice: Notice = (msg) => {
  const line = JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, msg });
  process.stderr.write(`${process.stderr.isTTY ? forTerminal(line) : line}\n`);
};

export interface PrivateOptions {
  onNotice?: Notice;
  /** For tests of the Windows path; the running platform otherwise. */
  platform?: NodeJS.Platform;
}

const octal = (mode: number) => `0${mode.toString(8).padStart(3, '0')}`;

/** Restricts `p` to `allowed` permission bits if it has more; false when it does not exist. */
function tighten(p: string, allowed: number, opts: PrivateOptions): boolean {
  let mode: number;
  try {
    mode = statSync(p).mode & 0o777;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
  if ((opts.platform ?? process.platform) === 'win32' || (mode & ~allowed) === 0) return true;
  const next = mode & allowed;
  const notice = opts.onNotice ?? stderrNotice;
  try {
    chmodSync(p, next);
  } catch (err) {
    // Someone else's file in our folder: say so, and keep serving rather than refuse to start.
    notice(`${p} is open to other users (mode ${octal(mode)}) and could not be made private: ${(err as Error).message}`);
    return true;
  }
  notice(`${p} was open to other users (mode ${octal(mode)}); it is now ${octal(next)}, its owner's only.`);
  return true;
}

/**
 * Creates the folder and any missing parents 0700, and leaves a folder that
 * exists as it is: for places a person names (`backup --out /tmp/x`), whose
 * folder is theirs, not ours to tighten (a 1777 /tmp made 0700 breaks the machine).
 */
export function makePrivateDir(dir: string, opts: PrivateOptions = {}): void {
  const missing: string[] = [];
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    try {
      statSync(d);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      missing.push(d);
      if (path.dirname(d) === d) break;
    }
  }
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  for (const d of missing) tighten(d, PRIVATE_DIR_MODE, { ...opts, onNotice: () => {} }); // the umask may have widened it
}

/** Creates the folder (and missing parents) 0700, or tightens an existing one. */
export function ensurePrivateDir(dir: string, opts: PrivateOptions = {}): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dir, PRIVATE_DIR_MODE, opts);
}

/** Creates an empty file 0600 if there is none (so whatever writes it later keeps that mode), or tightens it. */
export function ensurePrivateFile(file: string, opts: PrivateOptions = {}): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  tighten(file, PRIVATE_FILE_MODE, opts);
}

/** Tightens a file that may or may not be there. */
export function tightenFile(file: string, opts: PrivateOptions = {}): void {
  tighten(file, PRIVATE_FILE_MODE, opts);
}

/** Tightens every file directly in `dir` (a folder that holds only our own files, such as logs/). */
export function tightenFilesIn(dir: string, opts: PrivateOptions = {}): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile()) tighten(path.join(dir, entry.name), PRIVATE_FILE_MODE, opts);
  }
}
