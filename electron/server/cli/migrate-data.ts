// `linkdesk migrate-data`: moves an instance from its SQLite file into an
// empty PostgreSQL database, for nodes that share one (`serve --database-url`).
// Never prints the database password: the target is named by describeUrl.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Store } from '../db/database.ts';
import type { PostgresStore } from '../db/postgres.ts';
import { CliError, parseCommand, usageError } from './args.ts';
import { databaseUrlOf } from './serve.ts';

export const MIGRATE_DATA_USAGE = `Usage: linkdesk migrate-data --from DIR --database-url URL

Copies the instance in the data folder DIR into an empty PostgreSQL database:
users, keys, domains, spaces, pixels, links, clicks and statistics, with their
ids. The copy is one transaction: if it fails, the database stays as empty as
it was. Stop the instance first; clicks it records during the copy are not
copied. DIR's database is brought up to this release's schema first.
Prints the rows copied per table on stdout, progress on stderr.

Options:
  --from DIR               data folder holding the instance's linkdesk.sqlite
  --database-url URL       postgres://USER:PASSWORD@HOST:PORT/DATABASE, a database
                           with no users and no links (default: $LINKDESK_DATABASE_URL)
  -h, --help               show this help
`;

const OPTIONS = { from: { type: 'string' }, 'database-url': { type: 'string' } } as const;

/** Progress repainted every tenth of a second is as good as live. */
const TTY_EVERY_MS = 100;
/** A log or pipe gets a line at most this often. */
const LINE_EVERY_MS = 2000;

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, noun: string) => `${count(n)} ${noun}${n === 1 ? '' : 's'}`;

/**
 * Progress on stderr: one line rewritten in place on a terminal; elsewhere
 * (a log, a pipe) a plain line at most every LINE_EVERY_MS, so a short copy
 * prints none.
 */
function progressOn(out: NodeJS.WriteStream) {
  const tty = out.isTTY === true;
  let last = Date.now();
  let shown = false;
  return {
    update(table: string, done: number, total: number) {
      const now = Date.now();
      const line = `${table} ${count(done)}/${count(total)}`;
      if (tty) {
        if (now - last < TTY_EVERY_MS && done < total) return;
        out.write(`\r${line}\x1b[K`);
        shown = true;
      } else {
        if (now - last < LINE_EVERY_MS) return;
        out.write(`${line}\n`);
      }
      last = now;
    },
    /** Clears the terminal's line, so what follows starts on a clean one. */
    end() {
      if (shown) out.write('\r\x1b[K');
      shown = false;
    },
  };
}

/** The password in the URL, to keep it out of any message; empty when there is none. */
function passwordOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return '';
  }
}

/**
 * Runs the command. Failures are thrown as CliError (exit 1, or 2 for a
 * command line mistake) for cli.ts to report; nothing here exits the process.
 */
export async function migrateData(argv: string[]): Promise<void> {
  const { values, help } = parseCommand('migrate-data', argv, OPTIONS);
  if (help) return void process.stdout.write(MIGRATE_DATA_USAGE);
  if (!values.from) throw usageError('migrate-data', 'needs --from DIR, the data folder to copy');
  const url = databaseUrlOf(values['database-url'], 'migrate-data');
  if (!url) throw usageError('migrate-data', 'needs --database-url URL (or LINKDESK_DATABASE_URL)');

  // Loaded only now, so help and usage mistakes answer at once.
  const [{ DB_FILE, openStore }, { DatabaseSetupError, openPostgres }, { copySqliteToPostgres, TargetNotEmptyError }] =
    await Promise.all([import('../db/database.ts'), import('../db/postgres.ts'), import('../db/copy-to-postgres.ts')]);
  const dataDir = path.resolve(values.from);
  // Checked before opening: openStore would create an empty database in a mistyped folder.
  if (!existsSync(path.join(dataDir, DB_FILE))) throw new CliError(`no ${DB_FILE} in ${dataDir}: --from names the data folder of the instance to copy`);

  const password = passwordOf(url);
  const scrub = (text: string) => (password ? text.split(password).join('***') : text);
  let source: Store;
  try {
    source = openStore(dataDir, { onNotice: (msg) => void process.stderr.write(`${msg}\n`) });
  } catch (err) {
    throw new CliError(`cannot open ${path.join(dataDir, DB_FILE)}: ${(err as Error).message}`);
  }
  try {
    let target: PostgresStore;
    try {
      target = await openPostgres(url, { poolSize: 1 });
    } catch (err) {
      if (err instanceof DatabaseSetupError) throw new CliError(scrub(err.message));
      throw err;
    }
    const progress = progressOn(process.stderr);
    try {
      const copied = await copySqliteToPostgres(source, target, (table, done, total) => progress.update(table, done, total));
      progress.end();
      const width = Math.max(...Object.keys(copied).map((t) => t.length));
      const n = (table: string) => copied[table] ?? 0;
      process.stdout.write(Object.entries(copied).map(([table, rows]) => `${table.padEnd(width)}  ${count(rows)}\n`).join('')
        + `copied ${plural(n('users'), 'user')}, ${plural(n('api_keys'), 'key')}, ${plural(n('links'), 'link')}, `
        + `${plural(n('click_log'), 'click')} into ${target.where}\n`);
    } catch (err) {
      progress.end();
      if (err instanceof TargetNotEmptyError) throw new CliError(err.message);
      throw new CliError(`copy failed, nothing was written: ${scrub(err instanceof Error ? err.message : String(err))}`);
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}
