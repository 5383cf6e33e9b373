// `linkdesk users list|create|role|suspend|restore|delete`: the instance's
// users, with the API's rules and messages (the last active admin stays; a
// user who owns links is deleted only when told what becomes of them).
import { USER_ROLES, type UserRole } from '../../../shared/scopes.ts';
import { hiddenInNameMessage, nameIsVisible, nameTakenMessage } from '../../../shared/user-names.ts';
import { lastAdminMessage, ownsLinksMessage } from '../api/admin-messages.ts';
import { userChangeNotes, userDeletionNotes } from '../api/audit-notes.ts';
import type { UserRow } from '../db/repositories/users-repository.ts';
import { CliError, parseCommand, usageError } from './args.ts';
import { auditCli, auditCliAll } from './audit.ts';
import { DATA_DIR, DATA_DIR_OPTION, hasDatabase, idOf, table, whereOf, withUsers } from './keys.ts';

const USERS_USAGE = `Usage: linkdesk users <list|create|role|suspend|restore|delete> [options]

Manages the users of the instance in the data folder. A user is admin or
member; admins manage users and every key, members their own keys. The
instance's first user is admin, and the last active admin cannot be demoted,
suspended or deleted.

Commands:
  list [--json]            every user: role, status, links, last activity
  create NAME [--role R]   a new user (member unless --role admin); give it a
                           key with: linkdesk keys create --user ID
  role ID admin|member     change a user's role
  suspend ID               refuse every key of the user at once (its links
                           keep redirecting)
  restore ID               let a suspended user's keys work again
  delete ID [--links delete | --links move --to ID]
                           delete a user, its keys and webhooks; one who owns
                           links needs --links

Run 'linkdesk users COMMAND --help' for a command's options.
`;

const USAGE: Record<string, string> = {
  list: `Usage: linkdesk users list [--json] [--data-dir DIR | --database-url URL]

Lists every user with its role, status, link count and last activity (the
last use of any of its keys, recorded at most once a minute).

Options:
  --json                   an array of objects instead of a table
${DATA_DIR_OPTION}
`,
  create: `Usage: linkdesk users create NAME [--role admin|member] [--data-dir DIR | --database-url URL]

Creates a user (without a key: add one with linkdesk keys create --user ID).

Options:
  --role ROLE              admin or member (default member; the first user is admin)
${DATA_DIR_OPTION}
`,
  role: `Usage: linkdesk users role ID admin|member [--data-dir DIR | --database-url URL]

Makes user ID an admin or a member. A member's keys lose the admin scope's
effect; the last active admin stays admin.

Options:
${DATA_DIR_OPTION}
`,
  suspend: `Usage: linkdesk users suspend ID [--data-dir DIR | --database-url URL]

Suspends user ID: every key of the user is refused from the next request on,
on every node. Its links keep redirecting.

Options:
${DATA_DIR_OPTION}
`,
  restore: `Usage: linkdesk users restore ID [--data-dir DIR | --database-url URL]

Lets a suspended user's keys work again.

Options:
${DATA_DIR_OPTION}
`,
  delete: `Usage: linkdesk users delete ID [--links delete | --links move --to ID] [--data-dir DIR | --database-url URL]

Deletes user ID with its keys and webhooks. A user who owns links is deleted
only with --links: delete deletes the links (and the user's domains, spaces
and pixels); move gives them, with those, to user --to.

Options:
  --links delete|move      what becomes of the user's links
  --to ID                  the user who gets them (with --links move)
${DATA_DIR_OPTION}
`,
};

const userJson = (u: UserRow) => ({
  id: u.id, name: u.name, role: u.role, status: u.status, links_count: Number(u.links_count), last_active_at: u.last_active_at, created_at: u.created_at,
});

async function list(argv: string[]) {
  const COMMAND = 'users list';
  const { values, help } = parseCommand(COMMAND, argv, { json: { type: 'boolean' }, ...DATA_DIR });
  if (help) return void process.stdout.write(USAGE.list!);
  const where = whereOf(COMMAND, values);
  const rows = (await hasDatabase(where)) ? await withUsers(where, (users) => users.allUsers()) : [];
  if (values.json) return void process.stdout.write(`${JSON.stringify(rows.map(userJson), null, 2)}\n`);
  if (!rows.length) return void process.stderr.write(`No users in ${where.label} yet. Create one with: linkdesk users create NAME\n`);
  process.stdout.write(table([
    ['ID', 'NAME', 'ROLE', 'STATUS', 'LINKS', 'LAST ACTIVE', 'CREATED'],
    ...rows.map((u) => [String(u.id), u.name, u.role, u.status, String(u.links_count), u.last_active_at ?? 'never', u.created_at]),
  ]));
}

async function create(argv: string[]) {
  const COMMAND = 'users create';
  const { values, positionals, help } = parseCommand(COMMAND, argv, { role: { type: 'string' }, ...DATA_DIR }, 1);
  if (help) return void process.stdout.write(USAGE.create!);
  const name = positionals[0]?.trim();
  if (!name) throw usageError(COMMAND, 'needs the new user\'s NAME');
  if (!nameIsVisible(name)) throw usageError(COMMAND, `NAME: ${hiddenInNameMessage()}`);
  const role = (values.role ?? 'member') as UserRole;
  if (!USER_ROLES.includes(role)) throw usageError(COMMAND, `--role: admin or member, got "${values.role}"`);
  const where = whereOf(COMMAND, values);
  const made = await withUsers(where, async (users, db) => {
    const [same] = await users.usersNamed(name);
    if (same) throw new CliError(nameTakenMessage(name, same));
    const u = await users.createUser(name, role);
    await auditCli(db, { action: 'user.create', targetType: 'user', targetId: u.id, fields: values.role ? ['name', 'role'] : ['name'] });
    return u;
  });
  process.stderr.write(`User ${made.id} (${made.name}) created as ${made.role} in ${where.label}. Give it a key with: linkdesk keys create --user ${made.id}\n`);
  process.stdout.write(`${made.id}\n`);
}

/** role, suspend and restore: one change to one user, refused for the last active admin. */
function change(command: 'role' | 'suspend' | 'restore') {
  return async (argv: string[]) => {
    const COMMAND = `users ${command}`;
    const { values, positionals, help } = parseCommand(COMMAND, argv, DATA_DIR, command === 'role' ? 2 : 1);
    if (help) return void process.stdout.write(USAGE[command]!);
    if (positionals[0] === undefined) throw usageError(COMMAND, 'needs the user\'s ID (see users list)');
    const id = idOf(COMMAND, 'ID', positionals[0]);
    let changes: { role?: UserRole; status?: 'active' | 'suspended' };
    if (command === 'role') {
      const role = positionals[1] as UserRole | undefined;
      if (!role || !USER_ROLES.includes(role)) throw usageError(COMMAND, `needs the role: admin or member${role ? `, got "${role}"` : ''}`);
      changes = { role };
    } else changes = { status: command === 'suspend' ? 'suspended' : 'active' };
    const where = whereOf(COMMAND, values);
    if (!(await hasDatabase(where))) throw new CliError(`no such user: ${id} (no database in ${where.label})`);
    const user = await withUsers(where, async (users, db) => {
      const u = await users.findUser(id);
      if (!u) throw new CliError(`no such user: ${id}`);
      if (!(await users.updateUserKeepingAdmin(id, changes))) throw new CliError(lastAdminMessage(id));
      for (const note of userChangeNotes(id, u, changes)) await auditCli(db, note);
      return u;
    });
    const done = command === 'role' ? `is now ${changes.role}` : command === 'suspend' ? 'is suspended: its keys are refused' : 'is active again';
    process.stdout.write(`User ${id} (${user.name}) ${done}.\n`);
  };
}

async function remove(argv: string[]) {
  const COMMAND = 'users delete';
  const { values, positionals, help } = parseCommand(COMMAND, argv, { links: { type: 'string' }, to: { type: 'string' }, ...DATA_DIR }, 1);
  if (help) return void process.stdout.write(USAGE.delete!);
  if (positionals[0] === undefined) throw usageError(COMMAND, 'needs the user\'s ID (see users list)');
  const id = idOf(COMMAND, 'ID', positionals[0]);
  if (values.links !== undefined && values.links !== 'delete' && values.links !== 'move') throw usageError(COMMAND, `--links: delete or move, got "${values.links}"`);
  if (values.links === 'move' && values.to === undefined) throw usageError(COMMAND, '--links move needs --to ID, the user who gets them');
  if (values.to !== undefined && values.links !== 'move') throw usageError(COMMAND, '--to goes with --links move');
  const to = values.to === undefined ? undefined : idOf(COMMAND, '--to', values.to);
  if (to === id) throw usageError(COMMAND, '--to: the links cannot move to the user being deleted');
  const where = whereOf(COMMAND, values);
  if (!(await hasDatabase(where))) throw new CliError(`no such user: ${id} (no database in ${where.label})`);
  const { name, owned } = await withUsers(where, async (users, db) => {
    const u = await users.findUser(id);
    if (!u) throw new CliError(`no such user: ${id}`);
    if (to !== undefined && !(await users.findUser(to))) throw new CliError(`no such user: ${to} (--to)`);
    const n = await users.linkCount(id);
    if (n > 0 && values.links === undefined) throw new CliError(ownsLinksMessage(id, n, { del: '--links delete', move: '--links move --to ID' }));
    const done = to !== undefined ? await users.deleteUserMovingTo(id, to) : await users.deleteUserKeepingAdmin(id);
    if (!done) throw new CliError(lastAdminMessage(id));
    await auditCliAll(db, userDeletionNotes(id, done, to, values.links ? (to ? ['links', 'to_user_id'] : ['links']) : []));
    return { name: u.name, owned: n };
  });
  const links = owned === 0 ? '' : to !== undefined ? `; its ${owned} link${owned === 1 ? '' : 's'} now belong to user ${to}` : `, with its ${owned} link${owned === 1 ? '' : 's'}`;
  process.stdout.write(`User ${id} (${name}) deleted${links}.\n`);
}

const ACTIONS: Record<string, (argv: string[]) => Promise<void>> = {
  list, create, role: change('role'), suspend: change('suspend'), restore: change('restore'), delete: remove,
};

export async function users(argv: string[]): Promise<void> {
  const [action, ...rest] = argv;
  if (action === '--help' || action === '-h') return void process.stdout.write(USERS_USAGE);
  if (action === undefined || action.startsWith('-')) throw usageError('users', 'needs a command: list, create, role, suspend, restore or delete');
  const run = ACTIONS[action];
  if (!run) throw usageError('users', `unknown command "${action}" (list, create, role, suspend, restore or delete)`);
  await run(rest);
}

export const usersUsage = (action?: string) => (action === undefined ? USERS_USAGE : USAGE[action]);
