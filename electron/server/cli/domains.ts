// `linkdesk domains list|add|update|remove`: a user's own domains, with the
// API's checks and messages (routes/domains.ts), audited like the API's changes.
import type { Kysely } from 'kysely';
import type { DomainRow, DomainsRepository } from '../db/repositories/domains-repository.ts';
import type { DB } from '../db/schema.ts';
import { CliError, parseCommand, usageError } from './args.ts';
import { auditCli } from './audit.ts';
import { DATA_DIR, DATA_DIR_OPTION, hasDatabase, idOf, table, whereOf, withUsers, type Where } from './keys.ts';

const DOMAINS_USAGE = `Usage: linkdesk domains <list|add|update|remove> [options]

Manages the domains short links can use besides the instance's own host. Each
belongs to one user; a name is the instance's once. Point the domain's DNS at
the server (or its proxy) for its links to resolve.

Commands:
  list [--user ID] [--json]  every domain (or user ID's), with its link count
  add NAME --user ID         a domain for user ID (--index-page, --not-found-page)
  (add, update and remove also take --json: the domain as the API answers it)
  update ID                  change where its bare address and unknown aliases go
  remove ID                  delete a domain that has no links

Run 'linkdesk domains COMMAND --help' for a command's options.
`;

const PAGES = `  --index-page URL         where the domain's bare address sends visitors ("" for none)
  --not-found-page URL     where an unknown alias on it sends them ("" for none)`;

const USAGE: Record<string, string> = {
  list: `Usage: linkdesk domains list [--user ID] [--json] [--data-dir DIR | --database-url URL]

Lists every domain with its owner, link count and pages.

Options:
  --user ID                only user ID's domains
  --json                   an array of objects instead of a table
${DATA_DIR_OPTION}
`,
  add: `Usage: linkdesk domains add NAME --user ID [--index-page URL] [--not-found-page URL]
                           [--data-dir DIR | --database-url URL]

Gives user ID the domain NAME (links.example.com: no scheme, port or path;
an IDN is stored as punycode). Refused: a name already taken, an IP address,
localhost, and the instance's own host (from LINKDESK_BASE_URL, as serve reads it).

Options:
  --user ID                the user who will own it
${PAGES}
${DATA_DIR_OPTION}
`,
  update: `Usage: linkdesk domains update ID [--index-page URL] [--not-found-page URL]
                           [--data-dir DIR | --database-url URL]

Changes domain ID's pages. Its name cannot change: add a domain instead.

Options:
${PAGES}
${DATA_DIR_OPTION}
`,
  remove: `Usage: linkdesk domains remove ID [--data-dir DIR | --database-url URL]

Deletes domain ID. A domain that still has links is kept: delete or move
them first.

Options:
${DATA_DIR_OPTION}
`,
};

const PAGE_OPTIONS = { 'index-page': { type: 'string' }, 'not-found-page': { type: 'string' } } as const;
const FLAG_OF: Record<string, string> = { name: 'NAME', index_page: '--index-page', not_found_page: '--not-found-page' };

/** The instance's own host, which no domain may take: serve's LINKDESK_BASE_URL, as the API checks it. */
const baseUrl = () => process.env.LINKDESK_BASE_URL ?? '';

async function withDomains<T>(w: Where, fn: (domains: DomainsRepository, db: Kysely<DB>) => Promise<T>): Promise<T> {
  const { createDomainsRepository } = await import('../db/repositories/domains-repository.ts');
  return withUsers(w, (_users, db) => fn(createDomainsRepository(db), db));
}

/** The body's first mistake, named by its flag, as the API's 422 names the field. */
async function checked<T>(command: string, parse: () => Promise<{ success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }>): Promise<T> {
  const r = await parse();
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw usageError(command, `${FLAG_OF[String(issue.path[0])] ?? String(issue.path[0])}: ${issue.message}`);
}

/** An API check's refusal (an ApiError) as the command's failure. */
async function asCli<T>(prefix: string, fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const { ApiError } = await import('../api/errors.ts');
    if (err instanceof ApiError) throw new CliError(`${prefix}${err.message}`);
    throw err;
  }
}

const domainJson = async (d: DomainRow) => {
  const { serializeDomain } = await import('../api/serializers.ts');
  return { ...serializeDomain({ baseUrl: baseUrl() || 'http://localhost' }, d), user_id: d.user_id };
};

async function list(argv: string[]) {
  const COMMAND = 'domains list';
  const { values, help } = parseCommand(COMMAND, argv, { user: { type: 'string' }, json: { type: 'boolean' }, ...DATA_DIR });
  if (help) return void process.stdout.write(USAGE.list!);
  const only = values.user === undefined ? undefined : idOf(COMMAND, '--user', values.user);
  const where = whereOf(COMMAND, values);
  const rows = !(await hasDatabase(where)) ? [] : await withDomains(where, async (domains) => {
    const owners = only !== undefined ? [only] : await domains.owners();
    const out: DomainRow[] = [];
    for (const userId of owners) {
      for (let page = 1; ; page++) {
        const { rows: got } = await domains.list(userId, { page, per_page: 100, sort_by: 'id', sort: 'asc', search_by: 'name' });
        out.push(...got);
        if (got.length < 100) break;
      }
    }
    return out.sort((a, b) => a.id - b.id);
  });
  if (values.json) return void process.stdout.write(`${JSON.stringify(await Promise.all(rows.map(domainJson)), null, 2)}\n`);
  if (!rows.length) return void process.stderr.write(`No domains in ${where.label}${only === undefined ? '' : ` for user ${only}`}. Add one with: linkdesk domains add NAME --user ID\n`);
  process.stdout.write(table([
    ['ID', 'NAME', 'USER', 'LINKS', 'INDEX PAGE', 'NOT FOUND PAGE', 'CREATED'],
    ...rows.map((d) => [String(d.id), d.name, String(d.user_id), String(d.links_count), d.index_page ?? '-', d.not_found_page ?? '-', d.created_at]),
  ]));
}

async function add(argv: string[]) {
  const COMMAND = 'domains add';
  const { values, positionals, help } = parseCommand(COMMAND, argv, { user: { type: 'string' }, json: { type: 'boolean' }, ...PAGE_OPTIONS, ...DATA_DIR }, 1);
  if (help) return void process.stdout.write(USAGE.add!);
  if (positionals[0] === undefined) throw usageError(COMMAND, 'needs the domain\'s NAME, such as links.example.com');
  if (values.user === undefined) throw usageError(COMMAND, 'needs --user ID, the user who will own it (see users list)');
  const userId = idOf(COMMAND, '--user', values.user);
  const { domainCreateSchema } = await import('../../../shared/schemas/resources.ts');
  const body = await checked(COMMAND, async () => domainCreateSchema.safeParse({
    name: positionals[0], index_page: values['index-page'], not_found_page: values['not-found-page'],
  }));
  const { hostOfUrl, normalizeDomainName } = await import('../api/routes/domains.ts');
  const name = await asCli('NAME: ', () => normalizeDomainName(body.name, hostOfUrl(baseUrl())));
  const where = whereOf(COMMAND, values);
  if (!(await hasDatabase(where))) throw new CliError(`no such user: ${userId} (no database in ${where.label})`);
  const made = await withUsers(where, async (users, db) => {
    if (!(await users.findUser(userId))) throw new CliError(`no such user: ${userId}`);
    const domains = (await import('../db/repositories/domains-repository.ts')).createDomainsRepository(db);
    if (await domains.nameTaken(name)) throw new CliError(`NAME: The name has already been taken. (${name})`);
    const id = await domains.create(userId, { name, index_page: body.index_page ?? null, not_found_page: body.not_found_page ?? null });
    await auditCli(db, { action: 'domain.create', targetType: 'domain', targetId: id, fields: ['name', ...pageFields(values)] });
    return (await domains.find(userId, id))!;
  });
  process.stdout.write(values.json ? `${JSON.stringify(await domainJson(made), null, 2)}\n` : `Domain ${made.id} (${made.name}) added for user ${userId}.\n`);
}

const pageFields = (values: { 'index-page'?: string; 'not-found-page'?: string }) =>
  [...(values['index-page'] !== undefined ? ['index_page'] : []), ...(values['not-found-page'] !== undefined ? ['not_found_page'] : [])];

async function update(argv: string[]) {
  const COMMAND = 'domains update';
  const { values, positionals, help } = parseCommand(COMMAND, argv, { json: { type: 'boolean' }, ...PAGE_OPTIONS, ...DATA_DIR }, 1);
  if (help) return void process.stdout.write(USAGE.update!);
  if (positionals[0] === undefined) throw usageError(COMMAND, 'needs the domain\'s ID (see domains list)');
  const id = idOf(COMMAND, 'ID', positionals[0]);
  const fields = pageFields(values);
  if (!fields.length) throw usageError(COMMAND, 'nothing to change: give --index-page or --not-found-page');
  const { domainUpdateSchema } = await import('../../../shared/schemas/resources.ts');
  const body = await checked(COMMAND, async () => domainUpdateSchema.safeParse({ index_page: values['index-page'], not_found_page: values['not-found-page'] }));
  const where = whereOf(COMMAND, values);
  if (!(await hasDatabase(where))) throw new CliError(`no such domain: ${id} (no database in ${where.label})`);
  const d = await withDomains(where, async (domains, db) => {
    const owner = await domains.ownerOf(id);
    if (owner === undefined) throw new CliError(`no such domain: ${id}`);
    await domains.update(owner, id, {
      ...(body.index_page !== undefined ? { index_page: body.index_page } : {}),
      ...(body.not_found_page !== undefined ? { not_found_page: body.not_found_page } : {}),
    });
    await auditCli(db, { action: 'domain.update', targetType: 'domain', targetId: id, fields });
    return (await domains.find(owner, id))!;
  });
  if (values.json) return void process.stdout.write(`${JSON.stringify(await domainJson(d), null, 2)}\n`);
  process.stdout.write(`Domain ${id} (${d.name}): index page ${d.index_page ?? 'none'}, not-found page ${d.not_found_page ?? 'none'}.\n`);
}

async function remove(argv: string[]) {
  const COMMAND = 'domains remove';
  const { values, positionals, help } = parseCommand(COMMAND, argv, { json: { type: 'boolean' }, ...DATA_DIR }, 1);
  if (help) return void process.stdout.write(USAGE.remove!);
  if (positionals[0] === undefined) throw usageError(COMMAND, 'needs the domain\'s ID (see domains list)');
  const id = idOf(COMMAND, 'ID', positionals[0]);
  const where = whereOf(COMMAND, values);
  if (!(await hasDatabase(where))) throw new CliError(`no such domain: ${id} (no database in ${where.label})`);
  const name = await withDomains(where, async (domains, db) => {
    const owner = await domains.ownerOf(id);
    const d = owner === undefined ? undefined : await domains.find(owner, id);
    if (owner === undefined || !d) throw new CliError(`no such domain: ${id}`);
    const result = await domains.delete(owner, id);
    // The API's 409, with the count an operator needs.
    if (result === 'has-links') throw new CliError(`The domain still has links; delete them first. (domain ${id}, ${d.name}: ${d.links_count} links)`);
    if (result === 'missing') throw new CliError(`no such domain: ${id}`);
    await auditCli(db, { action: 'domain.delete', targetType: 'domain', targetId: id, fields: [] });
    return d.name;
  });
  process.stdout.write(values.json ? `${JSON.stringify({ id, deleted: true })}\n` : `Domain ${id} (${name}) removed.\n`);
}

const ACTIONS: Record<string, (argv: string[]) => Promise<void>> = { list, add, update, remove };

export function domainsUsage(action: string | undefined): string | undefined {
  return action === undefined ? DOMAINS_USAGE : USAGE[action];
}

export async function domains(argv: string[]): Promise<void> {
  const [action, ...rest] = argv;
  if (action === '--help' || action === '-h') return void process.stdout.write(DOMAINS_USAGE);
  if (action === undefined || action.startsWith('-')) throw usageError('domains', 'needs a command: list, add, update or remove');
  const run = ACTIONS[action];
  if (!run) throw usageError('domains', `unknown command "${action}" (list, add, update or remove)`);
  await run(rest);
}
