// The Electron main process's own log, logs/main.log beside the server's:
// start, stop and anything that went wrong in main (a failed start, an
// uncaught error), rotated and scrubbed like server.log. A start that fails
// is shown in a native dialog that names the reason and this file.
import { openServerLog, type ServerLog, type ServerLogOptions } from './server-log.ts';
import { scrubSecrets } from '../server/util/log-options.ts';

export const MAIN_LOG_FILE = 'main.log';

export type MainLog = ServerLog;

export function openMainLog(dataDir: string, opts: Omit<ServerLogOptions, 'fileName'> = {}): MainLog {
  return openServerLog(dataDir, { ...opts, fileName: MAIN_LOG_FILE });
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** An error as one log entry: its message and, for the log only, its stack. Never a key. */
export function errorEntry(what: string, err: unknown): string {
  const stack = err instanceof Error && err.stack ? `\n${err.stack}` : '';
  return scrubSecrets(`${what}: ${messageOf(err)}${stack}`);
}

/** The native dialog's title and text when the app cannot start. */
export function startFailureDialog(err: unknown, logFile: string | null): { title: string; content: string } {
  return {
    title: 'Linkdesk could not start',
    content: [
      scrubSecrets(messageOf(err)),
      '',
      logFile ? `Details are in ${logFile}.` : 'The log could not be written either, so the details are only on the terminal that started Linkdesk.',
    ].join('\n'),
  };
}
