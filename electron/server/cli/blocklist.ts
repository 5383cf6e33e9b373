// `linkdesk blocklist list|add|remove|import`: the hosts and keywords links
// may not point at or contain, straight on the data folder's database (or
// PostgreSQL). A running server notices the change within a second.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CliError, parseCommand, usageError } from './args.ts';
import { auditCli } from './audit.ts';
import { DATA_DIR, DATA_DIR_OPTION, hasDatabase, whereOf, type Where } from './keys.ts';
import { openCommandStore } from './serve.ts';
import type { BlocklistRepository } from '../db/repositories/blocklist-repository.ts';
import { THREAT_FORMATS, type ThreatFormat } from '../abuse/threat-lists.ts';

export const BLOCKLIST_USAGE = `Usage: linkdesk blocklist <list|add|remove|import> [options]

The hosts and keywords no link may point at or contain: new links, updates,
bulk writes, imports and copies naming one are refused (422 naming the field
and the entry). A host entry is exact (evil.com) or covers a host and every
subdomain (*.evil.com); keywords match case aside anywhere in a URL or alias.

Commands:
  list [--source S] [--json]         the manual entries (or one source's) and a count per source
  add ENTRY… [--keyword] [--note T]  add hosts (or keywords)
  remove ENTRY… [--keyword]          remove hosts (or keywords), of any source
  import FILE --format F             load a threat list: urlhaus (CSV), phishtank (CSV) or hosts
                                     (a hosts file); replaces that source's earlier import

Options:
${DATA_DIR_OPTION}
`;

const OPTIONS = {
  ...DATA_DIR, json: { type: 'boolean' }, source: { type: 'string' }, keyword: { type: 'boolean' }, note: { type: 'string' }, format: { type: 'string' },
} as const;

async function withBlocklist<T>(w: Where, command: string, fn: (repo: BlocklistRepository, db: Awaited<ReturnType<typeof openCommandStore>>['db']) => Promise<T>): Promise<T> {
  if (!(await hasDatabase(w)) && command === 'blocklist list') throw new CliError(`no database in ${w.label}`);
  const { createBlocklistRepository } = await import('../db/repositories/blocklist-repository.ts');
  const store = await openCommandStore(w.dataDir, w.url);
  try {
    return await fn(createBlocklistRepository(store.db, store.engine), store.db);
  } finally {
    await store.close();
  }
}

async function entriesOf(command: string, values: string[], keyword: boolean): Promise<string[]> {
  if (!values.length) throw usageError(command, 'needs at least one ENTRY');
  if (keyword) return values.map((v) => v.trim().toLowerCase()).filter(Boolean);
  const { canonicalHostEntry } = await import('../abuse/url-host.ts');
  return values.map((v) => {
    const h = canonicalHostEntry(v);
    if (h === null) throw usageError(command, `"${v}" is not a host name or IP address`);
    return h;
  });
}

export async function blocklist(argv: string[]): Promise<void> {
  const [action, ...rest] = argv;
  if (action === undefined || action === '--help' || action === '-h') return void process.stdout.write(BLOCKLIST_USAGE);
  const command = `blocklist ${action}`;
  if (!['list', 'add', 'remove', 'import'].includes(action)) throw usageError('blocklist', `unknown command "${action}" (list, add, remove or import)`);
  const { values, positionals, help } = parseCommand(command, rest, OPTIONS, action === 'list' ? 0 : action === 'import' ? 1 : 10_000);
  if (help) return void process.stdout.write(BLOCKLIST_USAGE);
  const w = whereOf(command, values);
  const kind = values.keyword ? 'keyword' : 'host';

  if (action === 'list') {
    await withBlocklist(w, command, async (repo) => {
      const rows = await repo.bySource(values.source ?? 'manual');
      const { counts, imports } = await repo.summary();
      if (values.json) return void process.stdout.write(`${JSON.stringify({ entries: rows.map(({ kind: k, value, source, note, created_at }) => ({ kind: k, value, source, note, created_at })), counts, imports })}\n`);
      for (const r of rows) process.stdout.write(`${r.kind}\t${r.value}${r.note ? `\t${r.note}` : ''}\n`);
      for (const c of counts) process.stdout.write(`# ${c.source} ${c.kind}s: ${c.n}${imports[c.source] ? ` (imported ${imports[c.source]!.at} from ${imports[c.source]!.file ?? 'a file'})` : ''}\n`);
    });
    return;
  }
  if (action === 'add' || action === 'remove') {
    const entries = await entriesOf(command, positionals, kind === 'keyword');
    await withBlocklist(w, command, async (repo, db) => {
      if (action === 'add') {
        const fresh = await repo.add(kind, entries, values.note ?? null, Date.now());
        process.stdout.write(`Added ${fresh.length} ${kind}${fresh.length === 1 ? '' : 's'}${fresh.length < entries.length ? ` (${entries.length - fresh.length} already listed)` : ''}.\n`);
      } else {
        const n = await repo.remove(kind, entries);
        process.stdout.write(`Removed ${n} ${kind}${n === 1 ? '' : 's'}.\n`);
        if (n < entries.length) process.exitCode = 1;
      }
      await auditCli(db, { action: `blocklist.${action}`, targetType: 'blocklist', targetId: null, fields: [kind] });
    });
    return;
  }
  // import
  const file = positionals[0];
  if (file === undefined) throw usageError(command, 'needs FILE');
  const format = values.format as ThreatFormat | undefined;
  if (!format || !(THREAT_FORMATS as readonly string[]).includes(format)) throw usageError(command, `--format: one of ${THREAT_FORMATS.join(', ')}`);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new CliError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
  }
  const { parseThreatList } = await import('../abuse/threat-lists.ts');
  const started = Date.now();
  let parsed;
  try {
    parsed = parseThreatList(text, format);
  } catch (err) {
    throw new CliError(`${file}: not a ${format} file (${(err as Error).message})`);
  }
  const n = await withBlocklist(w, command, async (repo, db) => {
    const stored = await repo.replaceSource(format, parsed.hosts, path.basename(file), Date.now());
    await auditCli(db, { action: 'blocklist.import', targetType: 'blocklist', targetId: null, fields: [format] });
    return stored;
  });
  const notes = [
    parsed.skippedShared ? `${parsed.skippedShared} on shared hosts skipped (code and file hosting, shorteners: blocking the host would block everyone's links there)` : '',
    parsed.unreadable ? `${parsed.unreadable} without a readable host` : '',
  ].filter(Boolean);
  process.stdout.write(`Imported ${n} hosts from ${file} (${format}; ${parsed.read} entries read in ${((Date.now() - started) / 1000).toFixed(1)} s${notes.length ? `; ${notes.join('; ')}` : ''}).\n`);
}
