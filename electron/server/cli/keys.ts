// `linkdesk keys create|list|revoke`: API keys in the data folder's database.
// A key is shown once, when it is made; afterwards only its public lookup
// prefix. Reading commands never create a database that is not there.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defaultDataDir } from '../config.ts';
import type { Kysely } from 'kysely';
import { FULL_ACCESS, normalizeScopes, scopesForRole, scopesInWords, type Scope } from '../../../shared/scopes.ts';
import { hiddenInNameMessage, nameIsVisible, nameTakenMessage } from '../../../shared/user-names.ts';
import { isCanonicalId } from '../../../shared/canonical-id.ts';
import { ADMIN_SCOPE_FOR_MEMBER, EXPIRY_IN_PAST, NO_SUCH_DOMAIN } from '../api/admin-messages.ts';
import type { KeyRow, UsersRepository } from '../db/repositories/users-repository.ts';
import type { DB } from '../db/schema.ts';
import { CliError, parseCommand, usageError } from './args.ts';
import { auditCli } from './audit.ts';
import { describeUrl } from '../db/database-url.ts';
import { DATA_DIR_HELP, DATABASE_URL_HELP, databaseUrlOf, openCommandStore } from './serve.ts';

export const DATA_DIR_OPTION = `  --data-dir DIR           ${DATA_DIR_HELP}
  --database-url URL       ${DATABASE_URL_HELP}
  -h, --help               show this help`;

export const KEYS_USAGE = `Usage: linkdesk keys <create|list|revoke> [options]

Manages the API keys of the instance in the data folder. A key is printed
once, when it is made; afterwards only its prefix (ldk_XXXXXXXX…) is shown.

Commands:
  create --name NAME       a new user with its first key
  create --user ID         another key for an existing user
                           (--scope, --expires, --domain: a narrower key)
  list [--json]            every key: its name, user, prefix, maker, dates and status
  revoke ID [--cascade]    the key (and with --cascade the keys it made) stops working at once

Run 'linkdesk keys COMMAND --help' for a command's options.
`;

const USAGE: Record<string, string> = {
  create: `Usage: linkdesk keys create (--name NAME | --user ID) [--scope SCOPE]… [--expires WHEN]
                           [--domain ID] [--label TEXT] [--data-dir DIR | --database-url URL]

Makes an API key and prints it on stdout, once: store it now. Without
--scope it has full access: everything its user's role allows.

Options:
  --name NAME              create a user named NAME (a member; the instance's
                           first user is admin), with this key
  --user ID                give the existing user ID (see users list) another key
  --scope SCOPE            what the key may do; repeat it or separate with commas:
                           links, domains, spaces, pixels, stats, webhooks, each
                           :read or :write (a write includes its read), and admin
                           (only for an admin's key)
  --expires WHEN           when the key stops working, ISO 8601: 2030-01-31 (through
                           that day, in LINKDESK_TIMEZONE or UTC), 2030-01-31T12:00:00Z
                           or 2030-01-31T17:00:00+05:00; default: never
  --domain ID              restrict the key to the user's domain ID: it sees and
                           makes links only there
  --label TEXT             the key's name, to tell it from the user's others
${DATA_DIR_OPTION}
`,
  list: `Usage: linkdesk keys list [--json] [--data-dir DIR | --database-url URL]

Lists every key with its name, user, prefix, the key that made it through the
API ("host": made here, by keys create or the desktop app), creation, last use
(recorded at most once a minute) and status. Never shows a key itself.

Options:
  --json                   an array of objects instead of a table
${DATA_DIR_OPTION}
`,
  revoke: `Usage: linkdesk keys revoke ID [--cascade] [--data-dir DIR | --database-url URL]

Revokes the key ID (see keys list); requests with it are refused from then on.

Options:
  --cascade                also revoke every key it made through the API, and
                           every key those made (keys list: MADE BY)
${DATA_DIR_OPTION}
`,
};

export const DATA_DIR = { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' } } as const;

/** Where the keys are: the data folder's SQLite file, or PostgreSQL; `label` names it in messages (no password). */
export interface Where { dataDir: string; url: string | undefined; label: string }
export function whereOf(command: string, values: { 'data-dir'?: string; 'database-url'?: string }): Where {
  const url = databaseUrlOf(values['database-url'], command);
  const dataDir = values['data-dir'] === undefined ? defaultDataDir() : path.resolve(values['data-dir']);
  return { dataDir, url, label: url === undefined ? dataDir : describeUrl(url) };
}
// SQLite and the repositories are loaded once a command has its arguments right, so help answers at once.
export const hasDatabase = async (w: Where) => w.url !== undefined || existsSync(path.join(w.dataDir, (await import('../db/database.ts')).DB_FILE));

export async function withUsers<T>(w: Where, fn: (users: UsersRepository, db: Kysely<DB>) => Promise<T>): Promise<T> {
  const { createUsersRepository } = await import('../db/repositories/users-repository.ts');
  const store = await openCommandStore(w.dataDir, w.url);
  try {
    return await fn(createUsersRepository(store.db), store.db);
  } finally {
    await store.close();
  }
}

/** The command that lists the ids `what` of `command` takes: a user's in users list, a domain's in domains list. */
export function listingOf(command: string, what: string): string {
  if (what === '--user' || what === '--to') return 'users list';
  if (what === '--domain') return 'domains list';
  return `${command.split(' ')[0]} list`;
}

/** `what` names the argument in the message: '--user', 'ID'. */
export function idOf(command: string, what: string, v: string): number {
  // The API's rule for path ids: `01` or `+1` is a typo, not record 1.
  if (!isCanonicalId(v)) {
    throw usageError(command, `${what}: must be an id written as digits without a leading zero, sign or space, such as 3 (see ${listingOf(command, what)}), got "${v}"`);
  }
  return Number(v);
}

/** The narrowing flags of `keys create`, checked like the API's POST /keys body. */
interface Narrowing { scopes?: Scope[]; expiresAt?: string; domainId?: number; label?: string; fields: string[] }
const FLAG_OF: Record<string, string> = { scopes: '--scope', expires_at: '--expires', domain_id: '--domain', name: '--label' };

async function narrowingOf(values: { scope?: string[]; expires?: string; domain?: string; label?: string }): Promise<Narrowing> {
  const { keyCreateSchemaIn } = await import('../../../shared/schemas/admin.ts');
  const { isValidTimeZone, zoneClock } = await import('../util/time.ts');
  // A date alone lasts through that day in the zone `serve` reads from its environment too.
  const zone = process.env.LINKDESK_TIMEZONE && isValidTimeZone(process.env.LINKDESK_TIMEZONE) ? process.env.LINKDESK_TIMEZONE : 'UTC';
  const keyCreateSchema = keyCreateSchemaIn(zoneClock(zone));
  const body = {
    ...(values.scope !== undefined && { scopes: values.scope.flatMap((v) => v.split(',')).map((x) => x.trim()).filter(Boolean) }),
    ...(values.expires !== undefined && { expires_at: values.expires }),
    ...(values.domain !== undefined && { domain_id: idOf('keys create', '--domain', values.domain) }),
    ...(values.label !== undefined && { name: values.label }),
  };
  const r = keyCreateSchema.safeParse(body);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw usageError('keys create', `${FLAG_OF[String(issue.path[0])] ?? String(issue.path[0])}: ${issue.message}`);
  }
  if (r.data.scopes && !r.data.scopes.length) throw usageError('keys create', '--scope: name at least one scope');
  return { scopes: r.data.scopes && normalizeScopes(r.data.scopes), expiresAt: r.data.expires_at, domainId: r.data.domain_id, label: r.data.name, fields: Object.keys(body) };
}

/** The key for `userId`: full access, or as narrowed, with the API's rules; audited. */
async function makeKey(users: UsersRepository, db: Kysely<DB>, userId: number, n: Narrowing, extraFields: string[]) {
  const user = (await users.findUser(userId))!;
  if (n.scopes?.includes('admin') && user.role !== 'admin') throw new CliError(ADMIN_SCOPE_FOR_MEMBER(userId));
  if (n.expiresAt !== undefined && Date.parse(n.expiresAt) <= Date.now()) throw new CliError(`--expires: ${EXPIRY_IN_PAST}`);
  if (n.domainId !== undefined) {
    const { createDomainsRepository } = await import('../db/repositories/domains-repository.ts');
    if (!(await createDomainsRepository(db).find(userId, n.domainId))) throw new CliError(`--domain: ${NO_SUCH_DOMAIN(userId, n.domainId)}`);
  }
  const narrowed = n.fields.length > 0;
  const made = narrowed
    ? await users.createKey({ userId, name: n.label ?? '', scopes: n.scopes ?? FULL_ACCESS, expiresAt: n.expiresAt ?? null, domainId: n.domainId ?? null })
    : await users.addKey(userId);
  await auditCli(db, { action: 'key.create', targetType: 'key', targetId: made.keyId, fields: [...n.fields, ...extraFields] });
  const row = (await users.findKey(made.keyId))!;
  return { ...made, row };
}

/** What the key can do: an admin scope left on a demoted user's key is not shown (nor granted). */
const scopesOf = (k: KeyRow) => scopesForRole(JSON.parse(k.scopes) as string[], k.user_role);

const describeKey = (k: KeyRow) =>
  `${scopesInWords(scopesOf(k))}${k.expires_at ? `; expires ${k.expires_at}` : ''}${k.domain_id ? `; domain ${k.domain_id} only` : ''}`;

async function create(argv: string[]) {
  const COMMAND = 'keys create';
  const { values, help } = parseCommand(COMMAND, argv, {
    name: { type: 'string' }, user: { type: 'string' }, scope: { type: 'string', multiple: true }, expires: { type: 'string' },
    domain: { type: 'string' }, label: { type: 'string' }, ...DATA_DIR,
  });
  if (help) return void process.stdout.write(USAGE.create!);
  if (values.name !== undefined && values.user !== undefined) throw usageError('keys create', '--name and --user contradict each other: a new user, or a key for an existing one');
  const narrowing = await narrowingOf(values);
  const where = whereOf(COMMAND, values);
  if (values.user !== undefined) {
    const userId = idOf('keys create', '--user', values.user);
    if (!(await hasDatabase(where))) throw new CliError(`no such user: ${userId} (no database in ${where.label})`);
    const { user, key, keyId, row } = await withUsers(where, async (users, db) => {
      const u = await users.findUser(userId);
      if (!u) throw new CliError(`no such user: ${userId}`);
      return { user: u, ...(await makeKey(users, db, u.id, narrowing, ['user_id'])) };
    });
    process.stderr.write(`Key ${keyId} added to user ${user.id} (${user.name}) in ${where.label}: ${describeKey(row)}. It is shown once; store it now.\n`);
    process.stdout.write(`${key}\n`);
    return;
  }
  const name = values.name?.trim();
  if (!name) throw usageError('keys create', 'needs --name NAME (a new user) or --user ID (an existing one)');
  if (!nameIsVisible(name)) throw usageError('keys create', `--name: ${hiddenInNameMessage()}`);
  const { userId, keyId, key, role, row } = await withUsers(where, async (users, db) => {
    // A second "alice" would be a second user with her name, not another key for her.
    const [same] = await users.usersNamed(name);
    if (same) {
      throw new CliError(`${nameTakenMessage(name, same).slice(0, -1)}: add a key to that user with --user ${same.id}, or choose another --name`);
    }
    if (narrowing.domainId !== undefined) throw new CliError(`--domain: a new user has no domain ${narrowing.domainId}; give the user a domain first, then a key with --user`);
    const u = await users.createUser(name);
    await auditCli(db, { action: 'user.create', targetType: 'user', targetId: u.id, fields: ['name'] });
    return { userId: u.id, role: u.role, ...(await makeKey(users, db, u.id, narrowing, [])) };
  });
  process.stderr.write(`User ${userId} (${name}, ${role}) created with key ${keyId} in ${where.label}: ${describeKey(row)}. It is shown once; store it now.\n`);
  process.stdout.write(`${key}\n`);
}

/** What `keys list --json` gives for a key: never its secret part or hash. */
const keyJson = (k: KeyRow) => ({
  id: k.id, user_id: k.user_id, user_name: k.user_name, prefix: `ldk_${k.prefix}`, name: k.name,
  scopes: scopesOf(k),
  expires_at: k.expires_at, domain_id: k.domain_id,
  created_at: k.created_at, last_used_at: k.last_used_at, revoked_at: k.revoked_at, status: statusOf(k),
  created_by_key_id: k.created_by_key_id,
});
const statusOf = (k: KeyRow) => (k.revoked_at ? 'revoked' : k.expires_at && Date.parse(k.expires_at) <= Date.now() ? 'expired' : 'active');

/** Columns padded to their widest cell; a name's control characters would break the rows. */
export function table(rows: string[][]): string {
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
    ['ID', 'NAME', 'USER', 'KEY', 'MADE BY', 'CREATED', 'LAST USED', 'STATUS', 'ACCESS'],
    ...rows.map((k) => [String(k.id), k.name || '-', `${k.user_id} (${k.user_name})`, `ldk_${k.prefix}…`,
      k.created_by_key_id === null ? 'host' : `key ${k.created_by_key_id}`, k.created_at, k.last_used_at ?? 'never',
      k.revoked_at ? `revoked ${k.revoked_at}` : statusOf(k) === 'expired' ? `expired ${k.expires_at}` : 'active', describeKey(k)]),
  ]));
}

async function revoke(argv: string[]) {
  const COMMAND = 'keys revoke';
  const { values, positionals, help } = parseCommand(COMMAND, argv, { cascade: { type: 'boolean' }, ...DATA_DIR }, 1);
  if (help) return void process.stdout.write(USAGE.revoke!);
  if (positionals[0] === undefined) throw usageError('keys revoke', 'needs the key\'s ID (see keys list)');
  const id = idOf('keys revoke', 'ID', positionals[0]);
  const where = whereOf(COMMAND, values);
  if (!(await hasDatabase(where))) throw new CliError(`no such key: ${id} (no database in ${where.label})`);
  const revoked = await withUsers(where, async (users, db) => {
    const key = await users.findKey(id);
    if (!key) throw new CliError(`no such key: ${id}`);
    // On the host there is no acting key to be narrower than: every key it made goes.
    const lineage = values.cascade ? await users.keysMadeBy(id) : [];
    const ids = values.cascade ? await users.revokeLineage(id, [id, ...lineage.map((k) => k.id)]) : await users.revokeKeys([id]);
    if (!ids.length) throw new CliError(`key ${id} was already revoked at ${key.revoked_at}${lineage.length ? ', and so were the keys it made' : ''}`);
    for (const k of ids) await auditCli(db, { action: 'key.revoke', targetType: 'key', targetId: k, fields: values.cascade ? ['cascade'] : [] });
    return ids;
  });
  process.stdout.write(revoked.length === 1 ? `Key ${revoked[0]} revoked.\n` : `Keys ${revoked.join(', ')} revoked.\n`);
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
