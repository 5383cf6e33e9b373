// The embedded server's log: logs/server.log in the data folder, warnings and
// errors only, one JSON line each (pino's format), so a failed click write or
// a 500 leaves a trace someone can attach to a bug report. Rotated by size
// (server.log.1 … .N, oldest dropped) so it never grows without bound; the
// folder is 0700 and every file in it 0600 (see private-files.ts).
import { once } from 'node:events';
import { hostname } from 'node:os';
import path from 'node:path';
import { createStream } from 'rotating-file-stream';
import { fileLoggerOptions, scrubSecrets } from '../server/util/log-options.ts';
import { ensurePrivateDir, PRIVATE_FILE_MODE, tightenFilesIn, type Notice } from '../server/util/private-files.ts';

export const LOGS_DIR = 'logs';
export const SERVER_LOG_FILE = 'server.log';
export const DEFAULT_LOG_MAX_BYTES = 1024 * 1024;
export const DEFAULT_LOG_KEEP = 5;

export const logsDirOf = (dataDir: string) => path.join(dataDir, LOGS_DIR);
export const serverLogPathOf = (dataDir: string) => path.join(dataDir, LOGS_DIR, SERVER_LOG_FILE);

export interface ServerLogOptions {
  /** The file's name in logs/ (server.log; the desktop's main process writes main.log). */
  fileName?: string;
  /** Size at which server.log is rotated. */
  maxBytes?: number;
  /** Rotated files kept besides server.log. */
  keep?: number;
}

export interface ServerLog {
  readonly file: string;
  readonly dir: string;
  /** Fastify `logger` options writing to this file. */
  readonly loggerOptions: Record<string, unknown>;
  /** A warning from outside Fastify (a tightened permission), as a log line. */
  warn: Notice;
  error(msg: string): void;
  info(msg: string): void;
  /** Flushes and closes the file; later lines are dropped. */
  close(): Promise<void>;
}

export function openServerLog(dataDir: string, opts: ServerLogOptions = {}): ServerLog {
  const dir = logsDirOf(dataDir);
  // Notices about the folder itself are written once the file is open.
  const early: string[] = [];
  const collect = (m: string) => void early.push(m);
  ensurePrivateDir(dataDir, { onNotice: collect });
  ensurePrivateDir(dir, { onNotice: collect });
  tightenFilesIn(dir, { onNotice: collect });

  const fileName = opts.fileName ?? SERVER_LOG_FILE;
  const stream = createStream(fileName, {
    path: dir,
    size: `${opts.maxBytes ?? DEFAULT_LOG_MAX_BYTES}B`,
    rotate: opts.keep ?? DEFAULT_LOG_KEEP,
    mode: PRIVATE_FILE_MODE,
  });
  let failed = false;
  let closed = false;
  // A log that cannot be written (disk full, folder removed) must not take the server down with it.
  stream.on('error', (err) => {
    if (!failed) console.error(JSON.stringify({ level: 50, time: Date.now(), msg: `linkdesk: the log ${path.join(dir, fileName)} cannot be written: ${err.message}` }));
    failed = true;
  });
  const sink = { write: (line: string) => { if (!closed && !failed) stream.write(line); } };
  const line = (level: number, msg: string) => sink.write(scrubSecrets(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, hostname: hostname(), msg })}\n`));
  for (const m of early) line(40, m);

  return {
    file: path.join(dir, fileName),
    dir,
    loggerOptions: fileLoggerOptions(sink),
    warn: (msg) => line(40, msg),
    error: (msg) => line(50, msg),
    info: (msg) => line(30, msg),
    async close() {
      if (closed) return;
      closed = true;
      if (failed || stream.destroyed) return;
      const done = once(stream, 'finish').catch(() => undefined);
      stream.end();
      await done;
    },
  };
}
