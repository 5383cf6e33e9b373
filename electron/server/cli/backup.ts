// `linkdesk backup` and `linkdesk restore`: the SQLite file of a data folder,
// copied while it serves, and put back while nothing serves it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { defaultDataDir } from '../config.ts';
import { CliError, parseCommand, usageError } from './args.ts';
import { DATA_DIR_HELP } from './serve.ts';

export const BACKUP_USAGE = `Usage: linkdesk backup [--data-dir DIR] [--out FILE]

Copies the instance's database into FILE while servers keep using it: the copy
is the database as it was at one instant, checked before it is kept. Prints
the file and its size. PostgreSQL instances are backed up with pg_dump.

Options:
  --data-dir DIR           ${DATA_DIR_HELP}
  --out FILE               where to write it; must not exist yet
                           (default: DIR/backups/linkdesk-<time>.sqlite)
  -h, --help               show this help
`;

export const RESTORE_USAGE = `Usage: linkdesk restore FILE [--data-dir DIR] [--yes]

Replaces the instance's database with the backup FILE, after checking that it
is a whole Linkdesk database this release can run. The replaced database is
kept beside it as linkdesk.sqlite.before-restore-<time>. Refused while a
server or another command has the database open: stop it first.

Options:
  --data-dir DIR           ${DATA_DIR_HELP}
  --yes                    don't ask first (needed when not run from a terminal)
  -h, --help               show this help
`;

const DATA_DIR = { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' } } as const;

const size = (bytes: number) => (bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
const plural = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

async function dataDirOf(values: { 'data-dir'?: string; 'database-url'?: string }): Promise<string> {
  // Only the SQLite file is ours to copy; PostgreSQL has tools made for it.
  const { POSTGRES_BACKUP_MESSAGE } = await import('../db/backup.ts');
  if (values['database-url'] !== undefined || process.env.LINKDESK_DATABASE_URL) throw new CliError(POSTGRES_BACKUP_MESSAGE);
  return values['data-dir'] === undefined ? defaultDataDir() : path.resolve(values['data-dir']);
}

/** The backup module's failures are a person's one-line message. */
async function reported<T>(run: () => Promise<T>): Promise<T> {
  const { BackupError } = await import('../db/backup.ts');
  try {
    return await run();
  } catch (err) {
    throw err instanceof BackupError ? new CliError(err.message) : err;
  }
}

export async function backup(argv: string[]): Promise<void> {
  const { values, help } = parseCommand('backup', argv, { ...DATA_DIR, out: { type: 'string' } });
  if (help) return void process.stdout.write(BACKUP_USAGE);
  const dataDir = await dataDirOf(values);
  const { backupDatabase, fileStamp } = await import('../db/backup.ts');
  const { DB_FILE } = await import('../db/database.ts');
  const out = path.resolve(values.out ?? path.join(dataDir, 'backups', `linkdesk-${fileStamp(new Date())}.sqlite`));
  if (existsSync(out)) throw new CliError(`${out} already exists; choose another --out`);
  const made = await reported(() => backupDatabase(path.join(dataDir, DB_FILE), out));
  process.stdout.write(`${made.file} (${size(made.size)})\n`);
}

async function confirmed(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^(y|yes)$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}

export async function restore(argv: string[]): Promise<void> {
  const { values, positionals, help } = parseCommand('restore', argv, { ...DATA_DIR, yes: { type: 'boolean' } }, 1);
  if (help) return void process.stdout.write(RESTORE_USAGE);
  if (positionals[0] === undefined) throw usageError('restore', 'needs the backup FILE to restore');
  const dataDir = await dataDirOf(values);
  const file = path.resolve(positionals[0]);
  const { assertNotInUse, checkBackup, restoreDatabase } = await import('../db/backup.ts');
  const { DB_FILE } = await import('../db/database.ts');
  const dbFile = path.join(dataDir, DB_FILE);
  const checked = await reported(() => checkBackup(file));
  if (existsSync(dbFile)) await reported(async () => assertNotInUse(dbFile));
  if (!values.yes) {
    if (!process.stdin.isTTY) throw usageError('restore', 'replaces the database, so it asks first; with no terminal to ask on, add --yes');
    const ok = await confirmed(`Replace the database in ${dataDir} with ${path.basename(file)} (${plural(checked.links, 'link')})? `
      + 'The current one is kept as linkdesk.sqlite.before-restore-<time>. [y/N] ');
    if (!ok) throw new CliError('nothing restored');
  }
  const { previous } = await reported(() => restoreDatabase(file, dbFile));
  process.stdout.write(`Restored ${file} into ${dataDir} (${plural(checked.links, 'link')}).\n`);
  if (previous) process.stdout.write(`The replaced database is kept as ${previous}\n`);
}
