// `linkdesk keys create|list|revoke`: API keys in the data folder's database.
// A key is shown once, when it is made; afterwards only its public lookup
// prefix. Reading commands never create a database that is not there.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defaultDataDir } from '../config.ts';
import type { KeyRow, UsersRepository } from '../db/repositories/users-repository.ts';
import { CliError, parseCommand, usageError } from './args.ts';
import { describeUrl } from '../db/database-url.ts';
import { DATA_DIR_HELP, DATABASE_URL_HELP, databaseUrlOf, openCommandStore } from './serve.ts';

const DATA_DIR_OPTION = `  --data-dir DIR           ${DATA_DIR_HELP}
  --database-url URL       ${DATABASE_URL_HELP}
  -h, --help               show this help`;

export const KEYS_USAGE = `Usage: linkdesk keys <create|list|revoke> [options]

Manages the API keys of the instance in the data folder. A key is printed
once, when it is made; afterwards only its prefix (ldk_XXXXXXXX…) is shown.

Commands:
  create --name NAME       a new user with its first key
  create --user ID         another key for an existing user
  list [--json]            every key: its user, prefix, dates and status
  revoke ID                the key stops working at once

Run 'linkdesk keys COMMAND --help' for a command's options.
`;

const USAGE: Record<string, string> = {
  create: `Usage: linkdesk keys create (--name NAME | --user ID) [--data-dir DIR | --database-url URL]

Makes an API key and prints it on stdout, once: store it now.

Options:
  --name NAME              create a user named NAME, with this key
  --user ID                give the existing user ID (see keys list) another key
${DATA_DIR_OPTION}
`,
  list: `Usage: linkdesk keys list [--json] [--data-dir DIR | --database-url URL]

Lists every key with its user, prefix, creation, last use (recorded at most
once a minute) and status. Never shows a key itself.

Options:
  --json                   an array of objects instead of a table
${DATA_DIR_OPTION}
`,
  revoke: `Usage: linkdesk keys revoke ID [--data-dir DIR | --database-url URL]

Revokes the key ID (see keys list); requests with it are refused from then on.

Options:
${DATA_DIR_OPTION}
`,
};

const DATA_DIR = { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' } } as const;

/** Where the keys are: the data folder's SQLite file, or PostgreSQL; `label` names it in messages (no password). */
interface Where { dataDir: string; url: string | undefined; label: string }
function whereOf(command: string, values: { 'data-dir'?: string; 'database-url'?: string }): Where {
  const url = databaseUrlOf(values['database-url'], command);
  const dataDir = values['data-dir'] === undefined ? defaultDataDir() : path.resolve(values['data-dir']);
  return { dataDir, url, label: url === undefined ? dataDir : describeUrl(url) };
}
// SQLite and the repositories are loaded once a command has its arguments right, so help answers at once.
const hasDatabase = async (w: Where) => w.url !== undefined || existsSync(path.join(w.dataDir, (await import('../db/database.ts')).DB_FILE));

async function withUsers<T>(w: Where, fn: (users: UsersRepository) => Promise<T>): Promise<T> {
  const { createUsersRepository } = await import('../db/repositories/users-repository.ts');
  const store = await openCommandStore(w.dataDir, w.url);
  try {
    return await fn(createUsersRepository(store.db));
  } finally {
    await store.close();
  }
}

/** `what` names the argument in the message: '--user', 'ID'. */
function idOf(command: string, what: string, v: string): number {
  if (!/^\d+$/.test(v) || Number(v) < 1 || !Number.isSafeInteger(Number(v))) throw usageError(command, `${what}: must be an id such as 3 (see keys list), got "${v}"`);
  return Number(v);
}

async function create(argv: string[]) {
  const COMMAND = 'keys create';
  const { values, help } = parseCommand(COMMAND, argv, { name: { type: 'string' }, user: { type: 'string' }, ...DATA_DIR });
  if (help) return void process.stdout.write(USAGE.create!);
  if (values.name !== undefined && values.user !== undefined) throw usageError('keys create', '--name and --user contradict each other: a new user, or a key for an existing one');
  const where = whereOf(COMMAND, values);
  if (values.user !== undefined) {
    const userId = idOf('keys create', '--user', values.user);
    if (!(await hasDatabase(where))) throw new CliError(`no such user: ${userId} (no database in ${where.label})`);
    const { user, key, keyId } = await withUsers(where, async (users) => {
      const u = await users.findUser(userId);
      if (!u) throw new CliError(`no such user: ${userId}`);
      return { user: u, ...(await users.addKey(u.id)) };
    });
    process.stderr.write(`Key ${keyId} added to user ${user.id} (${user.name}) in ${where.label}. It is shown once; store it now.\n`);
    process.stdout.write(`${key}\n`);
    return;
  }
  const name = values.name?.trim();
  if (!name) throw usageError('keys create', 'needs --name NAME (a new user) or --user ID (an existing one)');
  const { userId, keyId, key } = await withUsers(where, async (users) => {
    // A second "alice" would be a second user with her name, not another key for her.
    const [same] = await users.usersNamed(name);
    if (same) {
      throw new CliError(`a user named ${name} exists already (user ${same.id}): add a key to that user with --user ${same.id}, or choose another --name`);
    }
    return users.createUserWithKey(name);
  });
  process.stderr.write(`User ${userId} (${name}) created with key ${keyId} in ${where.label}. It is shown once; store it now.\n`);
  process.stdout.write(`${key}\n`);
}

/** What `keys list --json` gives for a key: never its secret part or hash. */
const keyJson = (k: KeyRow) => ({
  id: k.id, user_id: k.user_id, user_name: k.user_name, prefix: `ldk_${k.prefix}`,
  created_at: k.created_at, last_used_at: k.last_used_at, revoked_at: k.revoked_at, status: k.revoked_at ? 'revoked' : 'active',
});

/** Columns padded to their widest cell; a name's control characters would break the rows. */
function table(rows: string[][]): string {
  const clean = rows.map((r) => r.map((c) => c.replace(/\p{Cc}/gu, ' ')));
  const widths = clean[0]!.map((_, i) => Math.max(...clean.map((r) => r[i]!.length)));
  return clean.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n') + '\n';
}

async function list(argv: string[]) {
  const COMMAND = 'keys list';
  const { values, help } = parseCommand(COMMAND, argv, { json: { type: 'boolean' }, ...DATA_DIR });
  if (help) return void process.stdout.write(USAGE.list!);
  const where = whereOf(COMMAND, values);
  const rows = (await hasDatabase(where)) ? await withUsers(where, (users) => users.listKeys()) : [];
  if (values.json) return void process.stdout.write(`${JSON.stringify(rows.map(keyJson), null, 2)}\n`);
  if (!rows.length) return void process.stderr.write(`No keys in ${where.label} yet. Create one with: linkdesk keys create --name NAME\n`);
  process.stdout.write(table([
    ['ID', 'USER', 'KEY', 'CREATED', 'LAST USED', 'STATUS'],
    ...rows.map((k) => [String(k.id), `${k.user_id} (${k.user_name})`, `ldk_${k.prefix}…`, k.created_at, k.last_used_at ?? 'never',
      k.revoked_at ? `revoked ${k.revoked_at}` : 'active']),
  ]));
}

async function revoke(argv: string[]) {
  const COMMAND = 'keys revoke';
  const { values, positionals, help } = parseCommand(COMMAND, argv, DATA_DIR, 1);
  if (help) return void process.stdout.write(USAGE.revoke!);
  if (positionals[0] === undefined) throw usageError('keys revoke', 'needs the key\'s ID (see keys list)');
  const id = idOf('keys revoke', 'ID', positionals[0]);
  const where = whereOf(COMMAND, values);
  if (!(await hasDatabase(where))) throw new CliError(`no such key: ${id} (no database in ${where.label})`);
  await withUsers(where, async (users) => {
    const key = await users.findKey(id);
    if (!key) throw new CliError(`no such key: ${id}`);
    if (!(await users.revokeKey(id))) throw new CliError(`key ${id} was already revoked at ${key.revoked_at}`);
  });
  process.stdout.write(`Key ${id} revoked.\n`);
}

const ACTIONS: Record<string, (argv: string[]) => Promise<void>> = { create, list, revoke };

export async function keys(argv: string[]): Promise<void> {
  const [action, ...rest] = argv;
  if (action === '--help' || action === '-h') return void process.stdout.write(KEYS_USAGE);
  if (action === undefined || action.startsWith('-')) throw usageError('keys', 'needs a command: create, list or revoke');
  const run = ACTIONS[action];
  if (!run) throw usageError('keys', `unknown command "${action}" (create, list or revoke)`);
  await run(rest);
}

/** The help of `keys` or of one of its commands, for `linkdesk help keys [COMMAND]`. */
export const keysUsage = (action?: string) => (action === undefined ? KEYS_USAGE : USAGE[action]);
