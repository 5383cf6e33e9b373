// `linkdesk export` and `linkdesk import`: a user's links to and from a file,
// straight on the data folder's database (or PostgreSQL), with the same checks
// and answers as the API. Passwords for protected links come from the
// environment, never from a flag that `ps` would show.
import { existsSync, lstatSync } from 'node:fs';
import { open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { defaultDataDir } from '../config.ts';
import { describeUrl } from '../db/database-url.ts';
import { CliError, parseCommand, usageError } from './args.ts';
import { idOf } from './keys.ts';
import { DATA_DIR_HELP, DATABASE_URL_HELP, databaseUrlOf, openCommandStore } from './serve.ts';
import type { Repositories } from '../api/context.ts';
import type { ControlledTransaction } from 'kysely';
import type { DB } from '../db/schema.ts';
type CommandStore = Awaited<ReturnType<typeof openCommandStore>>;
import { IMPORT_FIELDS, IMPORT_FORMATS, type ImportField } from '../../../shared/transfer.ts';
import type { ImportFormat, LinkSink, Resolver } from '../transfer/types.ts';

const WHERE_HELP = `  --data-dir DIR           ${DATA_DIR_HELP}
  --database-url URL       ${DATABASE_URL_HELP}
  -h, --help               show this help`;

export const EXPORT_USAGE = `Usage: linkdesk export --user ID [--format csv|json] [--out FILE] [--data-dir DIR | --database-url URL]

Writes every link of user ID (see users list) as Linkdesk CSV or JSON: all
writable fields, domain, space and pixels by name. Passwords are never
exported; protected links say password_protected=true.

Options:
  --user ID                the user whose links to export
  --format csv|json        default csv
  --out FILE               write to FILE (mode 0600) instead of stdout; an existing
                           FILE is refused unless --force, a symbolic link always
  --force                  replace an existing --out FILE
${WHERE_HELP}
`;

export const IMPORT_USAGE = `Usage: linkdesk import FILE --user ID [options]

Creates user ID's links from FILE: Linkdesk CSV or JSON, the exports of
YOURLS, Shlink, Kutt, Bitly, Dub or Short.io (recognised from the columns), or
any CSV whose columns --map names. Rows that cannot be imported are listed in
a report (CSV: row, field, reason).

Options:
  --user ID                the user who will own the links
  --format FORMAT          auto (default), linkdesk, yourls, shlink, kutt, bitly, dub,
                           shortio, or csv (any CSV: columns guessed from their names)
  --map FIELD=COLUMN       fill FIELD from COLUMN instead of the column the format uses
                           (repeatable; FIELD=  leaves FIELD unfilled). Fields: url, alias,
                           domain, title, created_at, space, disabled, expiration_date,
                           expiration_clicks, expiration_url, preview_title, … (as in
                           Linkdesk's CSV). Example: --map url=Destination --map alias=Code
  --domain NAME            put every link on this domain (default: the file's domain names)
  --space NAME             put every link in this space, created when missing
  --create-domains         create the domains the file names that user ID lacks, with
                           the API's checks (without it their rows are rejected)
  --on-conflict WHAT       when the alias exists on its domain: error (report the row,
                           the default), skip, rename (a new alias) or update the link
  --dry-run                check every row, write nothing
  --report FILE            where to write rejected rows (default FILE.report.csv when any)
${WHERE_HELP}

Exit status: 0 every row imported (or skipped as asked), 3 finished but some rows
were rejected (see the report), 1 the file could not be read, 2 a usage mistake.

Environment:
  LINKDESK_IMPORT_PASSWORD the password given to links (and statistics pages) the file
                           marks as protected; without it they are created disabled
`;

const WHERE = { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' } } as const;
const FORMATS = ['auto', ...IMPORT_FORMATS] as const;
const CONFLICTS = ['error', 'skip', 'rename', 'update'] as const;
/** A space or pixel a dry run would create: stands in for its id, and is dropped before the check. */
const WOULD_CREATE = -1;

function userIdOf(command: string, v: string | undefined): number {
  if (v === undefined) throw usageError(command, 'needs --user ID (see users list)');
  return idOf(command, '--user', v);
}

/** Opens the store with its repositories for `fn`, after checking that the user exists. */
async function withRepos<T>(command: string, values: { 'data-dir'?: string; 'database-url'?: string }, userId: number,
  fn: (repos: Repositories, store: CommandStore) => Promise<T>): Promise<T> {
  const url = databaseUrlOf(values['database-url'], command);
  const dataDir = values['data-dir'] === undefined ? defaultDataDir() : path.resolve(values['data-dir']);
  const label = url === undefined ? dataDir : describeUrl(url);
  if (url === undefined && !existsSync(path.join(dataDir, (await import('../db/database.ts')).DB_FILE))) {
    throw new CliError(`no such user: ${userId} (no database in ${label})`);
  }
  const { createRepositories } = await import('../api/context.ts');
  const store = await openCommandStore(dataDir, url);
  try {
    const repos = createRepositories(store);
    if (!(await repos.users.findUser(userId))) throw new CliError(`no such user: ${userId}`);
    return await fn(repos, store);
  } finally {
    await store.close();
  }
}

/** A page of a list, oldest first. */
const pageQuery = (page: number) => ({ page, per_page: 100 as const, sort_by: 'id' as const, sort: 'asc' as const, search_by: 'name' as const });

/** Every row of a user's paged list. */
async function* everyRow<T>(list: (page: number) => Promise<{ rows: T[] }>) {
  for (let page = 1; ; page++) {
    const { rows } = await list(page);
    yield* rows;
    if (rows.length < 100) return;
  }
}

async function all<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const r of rows) out.push(r);
  return out;
}

export async function exportLinks(argv: string[]): Promise<void> {
  const COMMAND = 'export';
  const { values, help } = parseCommand(COMMAND, argv, { user: { type: 'string' }, format: { type: 'string' }, out: { type: 'string' }, force: { type: 'boolean' }, ...WHERE });
  if (help) return void process.stdout.write(EXPORT_USAGE);
  const userId = userIdOf(COMMAND, values.user);
  // Checked before the work, and again by the exclusive create below.
  if (values.out !== undefined) checkOut(values.out, values.force === true);
  const format = values.format ?? 'csv';
  if (format !== 'csv' && format !== 'json') throw usageError(COMMAND, `--format: csv or json, got "${format}"`);
  const { linkListQuerySchema } = await import('../../../shared/schemas/links.ts');
  const { serializeLink, serializePixel } = await import('../api/serializers.ts');
  const { fromApiLink } = await import('../transfer/portable.ts');
  const { exportText } = await import('../transfer/write.ts');
  const { text, count } = await withRepos(COMMAND, values, userId, async (repos) => {
    const pixels = (await all(everyRow((page) => repos.pixels.list(userId, pageQuery(page))))).map(serializePixel);
    let n = 0;
    async function* links() {
      for await (const row of everyRow((page) => repos.links.list(userId, linkListQuerySchema.parse({ page, per_page: 100, sort_by: 'id', sort: 'asc' }), Date.now()))) {
        n++;
        // The short URL is not exported, so the base address it would be built on does not matter.
        yield fromApiLink(serializeLink({ baseUrl: 'http://localhost' }, row, Date.now()), pixels);
      }
    }
    return { text: await exportText(links(), format), count: () => n };
  });
  if (values.out === undefined) return void process.stdout.write(text);
  await writePrivately(values.out, text, values.force === true);
  process.stderr.write(`Exported ${count()} links to ${values.out}\n`);
}

/** An --out FILE that is a symbolic link is refused always, an existing file without --force. */
function checkOut(file: string, force: boolean): void {
  let st;
  try {
    st = lstatSync(file);
  } catch {
    return;
  }
  if (st.isSymbolicLink()) throw new CliError(`${file} is a symbolic link; export writes no file through one`);
  if (!st.isFile()) throw new CliError(`${file} exists and is not a file`);
  if (!force) throw new CliError(`${file} exists; add --force to replace it`);
}

/**
 * Writes `text` as a new 0600 file beside `file` (created exclusively, so no
 * link is followed), then renames it into place: the export holds a user's
 * links and their settings, as private as a backup.
 */
async function writePrivately(file: string, text: string, force: boolean): Promise<void> {
  checkOut(file, force);
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);
  const handle = await open(tmp, 'wx', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    if (!force && existsSync(file)) throw new CliError(`${file} exists; add --force to replace it`);
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/** Names to ids over the repositories; spaces and pixels created when missing (a dry run only counts them). */
function repoResolver(repos: Repositories, userId: number, dryRun: boolean, createDomains?: number[]): Resolver & { domainByName(name: string): Promise<number | undefined> } {
  const lists = {
    domains: async () => new Map((await all(everyRow((page) => repos.domains.list(userId, pageQuery(page))))).map((d) => [d.name.toLowerCase(), d.id])),
    spaces: async () => new Map((await all(everyRow((page) => repos.spaces.list(userId, pageQuery(page))))).map((s) => [String(s.name), Number(s.id)])),
    pixels: async () => new Map((await all(everyRow((page) => repos.pixels.list(userId, pageQuery(page))))).map((p) => [String(p.name), Number(p.id)])),
  };
  const loaded: { [K in keyof typeof lists]?: Promise<Map<string, number>> } = {};
  const table = <K extends keyof typeof lists>(k: K) => (loaded[k] ??= lists[k]());
  const domainByName = async (name: string) => (await table('domains')).get(name.toLowerCase());
  return {
    domainByName,
    async domainId(name) {
      if (name === null) return null;
      const id = await domainByName(name);
      if (id !== undefined || !createDomains) return id;
      // --create-domains: made as POST /domains makes them, with its checks and messages.
      const { hostOfUrl, normalizeDomainName } = await import('../api/routes/domains.ts');
      let ascii: string;
      try {
        ascii = normalizeDomainName(name, hostOfUrl(process.env.LINKDESK_BASE_URL ?? ''));
      } catch (err) {
        throw new Error(`The domain ${name} cannot be created: ${(err as Error).message}`);
      }
      const domains = await table('domains');
      const known = domains.get(ascii);
      if (known !== undefined) return known;
      if (await repos.domains.nameTaken(ascii)) throw new Error(`The domain ${name} is another user's.`);
      const made = dryRun ? WOULD_CREATE : await repos.domains.create(userId, { name: ascii, index_page: null, not_found_page: null });
      if (!dryRun) createDomains.push(made);
      domains.set(name.toLowerCase(), made).set(ascii, made);
      return made;
    },
    async spaceId(name, color) {
      const spaces = await table('spaces');
      let id = spaces.get(name);
      if (id === undefined) {
        const { spaceCreateSchema } = await import('../../../shared/schemas/resources.ts');
        const input = spaceCreateSchema.safeParse({ name, color: color ?? undefined });
        if (!input.success) throw new Error(`The space "${name}" cannot be created: ${input.error.issues[0]!.message}`);
        id = dryRun ? WOULD_CREATE : await repos.spaces.create(userId, { name: input.data.name, color: input.data.color ?? '#1c7ed6' });
        spaces.set(name, id);
      }
      return id;
    },
    async pixelIds(wanted) {
      const pixels = await table('pixels');
      const ids: number[] = [];
      for (const p of wanted) {
        let id = pixels.get(p.name);
        if (id === undefined) {
          const { pixelCreateSchema } = await import('../../../shared/schemas/resources.ts');
          const input = pixelCreateSchema.safeParse(p);
          if (!input.success) throw new Error(`The pixel "${p.name}" cannot be created: ${input.error.issues[0]!.message}`);
          id = dryRun ? WOULD_CREATE : await repos.pixels.create(userId, input.data);
          pixels.set(p.name, id);
        }
        ids.push(id);
      }
      return ids;
    },
  };
}

/** A second between progress lines; only a terminal gets them. `total()` is null until the file is counted. */
function progressTo(file: string, total: () => number | null) {
  if (!process.stderr.isTTY) return () => {};
  let last = 0;
  return (row: number) => {
    if (Date.now() - last < 1000) return;
    last = Date.now();
    const of = total();
    process.stderr.write(`\rImporting ${file}: row ${row}${of === null ? '' : ` of ${of}`}…`);
  };
}

/** `--map FIELD=COLUMN`: the field, and the column (null: leave the field unfilled). */
function mapOf(command: string, v: string): { field: ImportField; column: string | null } {
  const at = v.indexOf('=');
  const field = (at < 0 ? v : v.slice(0, at)).trim();
  if (at < 0) throw usageError(command, `--map: FIELD=COLUMN, such as url=Destination, got "${v}"`);
  if (!(IMPORT_FIELDS as readonly string[]).includes(field)) throw usageError(command, `--map: "${field}" is not a link field; one of ${IMPORT_FIELDS.join(', ')}`);
  const column = v.slice(at + 1);
  return { field: field as ImportField, column: column.trim() === '' ? null : column };
}

export async function importLinks(argv: string[]): Promise<void> {
  const COMMAND = 'import';
  const { values, positionals, help } = parseCommand(COMMAND, argv, {
    user: { type: 'string' }, format: { type: 'string' }, domain: { type: 'string' }, space: { type: 'string' },
    map: { type: 'string', multiple: true }, 'on-conflict': { type: 'string' }, 'dry-run': { type: 'boolean' }, report: { type: 'string' },
    'create-domains': { type: 'boolean' }, ...WHERE,
  }, 1);
  if (help) return void process.stdout.write(IMPORT_USAGE);
  const file = positionals[0];
  if (file === undefined) throw usageError(COMMAND, 'needs the FILE to import');
  const userId = userIdOf(COMMAND, values.user);
  const format = values.format ?? 'auto';
  if (!(FORMATS as readonly string[]).includes(format)) throw usageError(COMMAND, `--format: one of ${FORMATS.join(', ')}, got "${format}"`);
  const onConflict = values['on-conflict'] ?? 'error';
  if (!(CONFLICTS as readonly string[]).includes(onConflict)) throw usageError(COMMAND, `--on-conflict: one of ${CONFLICTS.join(', ')}, got "${onConflict}"`);
  const overrides = (values.map ?? []).map((m) => mapOf(COMMAND, m));
  const dryRun = values['dry-run'] === true;
  const password = process.env.LINKDESK_IMPORT_PASSWORD || undefined;

  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (err) {
    throw new CliError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
  }
  // The file's reader threads start first, so they count it while the database opens (threaded-source.ts).
  const { openImportThreaded } = await import('../transfer/threaded-source.ts');
  const opening = openImportThreaded(bytes, { format: format === 'auto' ? undefined : format as ImportFormat, overrides });
  opening.catch(() => {}); // awaited below, once the database is open
  const { TransferError } = await import('../transfer/read.ts');
  const { runImport } = await import('../transfer/import-run.ts');
  const { reportCsv } = await import('../transfer/report.ts');
  const { createLinksBulk, toWriteResult } = await import('../api/bulk-links.ts');
  const { createRepositories } = await import('../api/context.ts');
  const createdDomains: number[] = [];
  const result = await withRepos(COMMAND, values, userId, async (repos, store) => {
    let source: Awaited<typeof opening> | undefined;
    // SQLite: the first batches go into one transaction that commits once the whole file is counted, so
    // writing need not wait for the count and a file that turns out broken part-way still writes nothing.
    let early: ControlledTransaction<DB> | null = null;
    let abuse: import('../abuse/checker.ts').AbuseChecker | undefined;
    try {
      source = await opening;
      let total: number | null = null;
      let countFailure: unknown = null;
      const counted = source.count().then((n) => { total = n; }, (err: unknown) => { countFailure = err; });
      if (dryRun || store.engine !== 'sqlite') await counted;
      if (countFailure) throw countFailure;
      const resolverNow = repoResolver(repos, userId, dryRun);
      let domainOverride: number | undefined;
      if (values.domain !== undefined) {
        domainOverride = await resolverNow.domainByName(values.domain);
        if (domainOverride === undefined) throw new CliError(`No domain named ${values.domain} on this instance (see the Domains screen, or POST /api/v1/domains).`);
      }
      const spaceOverride = values.space === undefined ? undefined : await resolverNow.spaceId(values.space, null);
      // The blocklist, read once before any transaction holds the connection (links it names are rejected rows).
      const { createAbuseChecker } = await import('../abuse/checker.ts');
      const { createShortenerResolver } = await import('../abuse/shorteners.ts');
      abuse = createAbuseChecker({ repo: repos.blocklist, shorteners: createShortenerResolver(), pollMs: Number.POSITIVE_INFINITY });
      await abuse.refresh(true);
      if (total === null) early = await store.db.startTransaction().execute();
      let live: Repositories = early ? createRepositories({ db: early, engine: store.engine }) : repos;
      /** Before each batch: fail with the count's reason, or commit the first batches once the count is in. */
      const settle = async () => {
        if (countFailure) throw countFailure;
        if (early && total !== null) {
          await early.commit().execute();
          early = null;
          live = repos;
        }
      };
      // Everything the import reads or creates goes through the transaction while it is open.
      const view = new Proxy({} as Repositories, { get: (_t, k) => live[k as keyof Repositories] });
      const resolver = repoResolver(view, userId, dryRun, values['create-domains'] ? createdDomains : undefined);
      // Expiration dates are stored as written; only ends_at depends on the zone, which serve's --timezone sets.
      const sink: LinkSink = async (bodies, conflict) => {
        await settle();
        // A dry run leaves out the spaces and pixels it would have created: they do not exist to be checked.
        const checked = dryRun ? bodies.map(({ space_id, pixel_ids, domain_id, ...b }) => ({
          ...b,
          ...(domain_id === WOULD_CREATE ? {} : { domain_id }),
          ...(space_id === WOULD_CREATE ? {} : { space_id }),
          ...(Array.isArray(pixel_ids) ? { pixel_ids: pixel_ids.filter((id) => id !== WOULD_CREATE) } : {}),
        })) : bodies;
        return (await createLinksBulk({ repos: live, timeZone: 'UTC', abuse }, userId, checked, { onConflict: conflict, dryRun })).map(toWriteResult);
      };
      const progress = progressTo(file, () => total);
      const done = await runImport({
        // Bigger batches than the app's: fewer commits, each of them durable.
        source, resolver, sink, onConflict: onConflict as (typeof CONFLICTS)[number], password, batchSize: 5000,
        domainOverride, spaceOverride: spaceOverride === WOULD_CREATE ? null : spaceOverride, onBatch: (p) => progress(p.row),
      });
      await counted;
      await settle();
      const { auditCli } = await import('./audit.ts');
      for (const id of createdDomains) await auditCli(repos.audit, { action: 'domain.create', targetType: 'domain', targetId: id, fields: ['name'] });
      if (!dryRun && done.created + done.updated > 0) {
        await auditCli(repos.audit, { action: 'link.import', targetType: 'user', targetId: userId, fields: ['file'] });
      }
      // The way out of the commonest refusal, where the operator reads it.
      if (!values['create-domains']) {
        for (const r of done.rejections) if (r.field === 'domain' && r.reason.startsWith('No domain named')) r.reason += ' Import with --create-domains to create it, or add it first: linkdesk domains add NAME --user ID.';
      }
      return done;
    } catch (err) {
      if (early) await early.rollback().execute();
      throw err instanceof TransferError ? new CliError(`${file}: ${err.message}`) : err;
    } finally {
      await source?.close();
      await abuse?.close();
    }
  });
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  const reportPath = values.report ?? (result.rejected ? `${file}.report.csv` : undefined);
  if (reportPath !== undefined) await writeFile(reportPath, reportCsv(result.rejections));
  const counts = `${result.created} created, ${result.updated} updated, ${result.skipped} skipped, ${result.rejected} rejected`;
  const locked = result.lockedForPassword
    ? `; ${result.lockedForPassword} protected ${result.lockedForPassword === 1 ? 'link was' : 'links were'} written disabled (or with private statistics): set LINKDESK_IMPORT_PASSWORD to give them a password`
    : '';
  process.stdout.write(`${dryRun ? 'Dry run, nothing written: ' : ''}Imported ${file}: ${counts}${reportPath ? ` (report: ${reportPath})` : ''}${locked}\n`);
  // Finished, but not everything: a script must be able to tell (exit 3, see --help).
  if (result.rejected) process.exitCode = IMPORT_REJECTED_EXIT;
}

export const IMPORT_REJECTED_EXIT = 3;
