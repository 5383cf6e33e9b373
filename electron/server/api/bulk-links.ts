// Many link creates in one call: the core of POST /links/bulk and of the CLI
// import. Each body gets exactly the checks and answers of a single POST
// /links; items behave as if sent one after another, and the valid ones are
// written together in one transaction (one commit instead of one per link),
// each link (row and pixels) atomically: one fails alone, never half written.
import { LIMITS, RESERVED_ALIASES } from '../../../shared/constants.ts';
import { bulkImportedFieldsSchema } from '../../../shared/schemas/bulk.ts';
import { readingForm } from '../../../shared/schemas/fields.ts';
import { linkCreateSchema, type LinkCreateInput } from '../../../shared/schemas/links.ts';
import { isoNow } from '../util/time.ts';
import { destinationChanged } from '../health/destinations.ts';
import type { LinkWriteOp, LinksRepository } from '../db/repositories/links-repository.ts';
import type { OnConflict, WriteResult } from '../transfer/types.ts';
import type { ApiGeneration } from '../config.ts';
import type { Repositories } from './context.ts';
import { ApiError, fromZod, invalid } from './errors.ts';
import { isObject, notAnObject } from './validation.ts';
import { createColumns, hashEachOnce, updateColumns } from './link-input.ts';
import type { AbuseChecker } from '../abuse/checker.ts';

export interface BulkCreateItem {
  index: number;
  status: 201 | 200 | 422;
  result: 'created' | 'updated' | 'skipped' | 'rejected';
  /** The link created, updated or skipped; null in a dry run, and for a skip of another user's link. */
  id: number | null;
  message?: string;
  errors?: Record<string, string[]>;
}

/** `generation`: `--api-generation` (default seed), how a body of neither generation reads `password`. */
export interface BulkDeps { repos: Repositories; timeZone: string; generation?: ApiGeneration; abuse?: AbuseChecker }
/** form: the items came in a form body, as text (shared/schemas/fields.ts readingForm). */
export interface BulkCreateOptions { onConflict: OnConflict; dryRun?: boolean; form?: boolean }

const ALIAS_TAKEN = 'The alias has already been taken.';

/** The items, and the links whose destination was just set (for the title fetcher). */
export interface BulkCreateOutcome { items: BulkCreateItem[]; destinations: { id: number; url: string }[] }

export async function createLinksBulk(deps: BulkDeps, userId: number, bodies: unknown[], opts: BulkCreateOptions): Promise<BulkCreateItem[]> {
  return (await bulkCreate(deps, userId, bodies, opts)).items;
}

/** An item's answer as an import sees it. */
export function toWriteResult(item: BulkCreateItem): WriteResult {
  switch (item.result) {
    // A dry run writes nothing, so it has no id to give: 0 is no link's.
    case 'created':
    case 'updated': return { result: item.result, id: item.id ?? 0 };
    case 'skipped': return { result: 'skipped', id: item.id, reason: item.message ?? ALIAS_TAKEN };
    case 'rejected': {
      const field = Object.keys(item.errors ?? {})[0] ?? 'body';
      return { result: 'rejected', field, reason: item.errors?.[field]?.[0] ?? item.message ?? 'Invalid.' };
    }
  }
}

const rejected = (index: number, e: ApiError): BulkCreateItem => ({
  index, status: 422, result: 'rejected', id: null, message: e.message, ...(e.errors ? { errors: e.errors } : {}),
});

/** `alias-2`, `-3`…, cut so the whole stays within the characters an alias may have. */
const numbered = (alias: string, n: number) => `${[...alias].slice(0, LIMITS.aliasLength - String(n).length - 1).join('')}-${n}`;

export async function bulkCreate(deps: BulkDeps, userId: number, bodies: unknown[], opts: BulkCreateOptions): Promise<BulkCreateOutcome> {
  const { repos, timeZone, generation } = deps;
  const dryRun = opts.dryRun ?? false;
  const items: BulkCreateItem[] = new Array(bodies.length);
  const destinations: BulkCreateOutcome['destinations'] = [];

  // Writes validated but not yet committed. Their aliases count as taken, so
  // later items see them as if they had been sent one after another; a later
  // item that needs one of them as a stored link (skip, update) commits them first.
  let pending: { index: number; op: LinkWriteOp; retitle: boolean }[] = [];
  const claimed = new Set<string>();
  const touched = new Set<number>();
  const keyOf = (domainId: number | null, alias: string) => `${domainId ?? 0}\n${alias}`;

  // The batch's own aliases are looked up in one query per domain, and
  // ownership once per set of ids: a thousand small queries cost more than the writes.
  // An item that is not an object is refused in the words a single create's body gets.
  const parsed = readingForm(opts.form ?? false, () => bodies.map((body) => (isObject(body) ? linkCreateSchema.safeParse(body) : null)));
  // Most bodies carry neither import-only field: their (empty) check is skipped.
  const NONE = { success: true as const, data: {} as { title?: string | null; created_at?: string | null } };
  const imported = bodies.map((body) => {
    const b = body as Record<string, unknown> | null;
    return b && typeof b === 'object' && (b.title !== undefined || b.created_at !== undefined)
      ? readingForm(opts.form ?? false, () => bulkImportedFieldsSchema.safeParse(b)) : NONE;
  });
  // One threat-list request per 500 addresses instead of one per link.
  await deps.abuse?.prefetch(parsed.flatMap((p) => (p?.success ? [p.data] : [])));
  const known = new Map<string, boolean>();
  const sent = new Map<number | null, string[]>();
  for (const p of parsed) {
    if (!p?.success || !p.data.alias) continue;
    const domainId = p.data.domain_id ?? p.data.domain ?? null;
    if (!sent.has(domainId)) sent.set(domainId, []);
    sent.get(domainId)!.push(p.data.alias);
  }
  for (const [domainId, aliases] of sent) {
    for (const a of aliases) known.set(keyOf(domainId, a), false);
    for (const a of await repos.links.takenAliases(domainId, aliases)) known.set(keyOf(domainId, a), true);
  }
  const owned = new Map<string, Promise<number[]>>();
  const links: LinksRepository = {
    ...repos.links,
    async aliasTaken(domainId, alias, exceptId) {
      const key = keyOf(domainId, alias);
      if (claimed.has(key)) return true;
      return (exceptId === undefined ? known.get(key) : undefined) ?? repos.links.aliasTaken(domainId, alias, exceptId);
    },
    foreignIds(uid, table, ids) {
      const key = `${uid} ${table} ${ids.join(',')}`;
      if (!owned.has(key)) owned.set(key, repos.links.foreignIds(uid, table, ids));
      return owned.get(key)!;
    },
  };
  // A thousand links protected by one password would otherwise take most of a minute of scrypt.
  const ctx = { userId, links, timeZone, generation, hash: hashEachOnce(), abuse: deps.abuse };

  const queue = (index: number, op: LinkWriteOp, key: string | null, retitle: boolean) => {
    pending.push({ index, op, retitle });
    if (key) {
      claimed.add(key);
      // Written or not, it is taken from now on (a write that fails finds it taken).
      known.set(key, true);
    }
    if (op.kind === 'update') touched.add(op.id);
  };

  async function flush() {
    if (dryRun || !pending.length) return;
    const batch = pending;
    pending = [];
    claimed.clear();
    touched.clear();
    const ids = await repos.links.writeMany(userId, batch.map((p) => p.op));
    batch.forEach(({ index, op, retitle }, i) => {
      const id = ids[i]!;
      if (id === 'alias-taken') items[index] = rejected(index, invalid('alias', ALIAS_TAKEN));
      else {
        items[index] = op.kind === 'create'
          ? { index, status: 201, result: 'created', id }
          : { index, status: 200, result: 'updated', id };
        if (retitle) destinations.push({ id, url: op.columns.url! });
      }
    });
  }

  /** The link holding the body's alias on its domain, when on_conflict applies to it. */
  async function holder(input: LinkCreateInput): Promise<{ id: number | null; mine: boolean } | null> {
    const alias = input.alias;
    if (!alias || (RESERVED_ALIASES as readonly string[]).includes(alias.toLowerCase())) return null;
    const domainId = input.domain_id ?? input.domain ?? null;
    // Someone else's domain is the create's own 422, never a conflict that could reveal its links.
    if (domainId !== null && (await links.foreignIds(userId, 'domains', [domainId])).length) return null;
    const key = keyOf(domainId, alias);
    if (known.get(key) === false) return null;
    if (claimed.has(key)) {
      if (dryRun) return { id: null, mine: true };
      await flush();
    }
    const row = await repos.links.byAlias(domainId, alias);
    if (row && touched.has(row.id)) await flush();
    return row ? { id: row.user_id === userId ? row.id : null, mine: row.user_id === userId } : null;
  }

  async function one(index: number) {
    const p = parsed[index];
    const extra = imported[index]!;
    if (!p) {
      items[index] = rejected(index, notAnObject());
      return;
    }
    if (!p.success) {
      items[index] = rejected(index, fromZod(p.error));
      return;
    }
    if (!extra.success) {
      items[index] = rejected(index, fromZod(extra.error));
      return;
    }
    const title = extra.data.title || null;
    const createdAt = extra.data.created_at ? isoNow(Date.parse(extra.data.created_at)) : null;
    let input = p.data;
    const hit = opts.onConflict === 'error' ? null : await holder(input);
    if (hit && opts.onConflict === 'skip') {
      items[index] = { index, status: 200, result: 'skipped', id: hit.id, message: ALIAS_TAKEN };
      return;
    }
    if (hit && opts.onConflict === 'update' && hit.mine) {
      if (hit.id === null) {
        // A dry run: the link is an earlier item of this batch, not written.
        items[index] = { index, status: 200, result: 'updated', id: null };
        return;
      }
      const stored = (await repos.links.find(userId, hit.id))!;
      const { columns, pixelIds } = await updateColumns(ctx, input, stored);
      if (title !== null) columns.title = title;
      const op = { kind: 'update', id: stored.id, columns, pixelIds, resetHealth: destinationChanged(stored, columns) } as const;
      queue(index, op, null, title === null && columns.url !== undefined && columns.url !== stored.url);
      return;
    }
    if (hit && opts.onConflict === 'rename') {
      const domainId = input.domain_id ?? input.domain ?? null;
      let n = 2;
      while (await links.aliasTaken(domainId, numbered(input.alias!, n))) n++;
      input = { ...input, alias: numbered(input.alias!, n) };
    }
    const { columns, pixelIds } = await createColumns(ctx, input);
    const kept = { ...columns, ...(title !== null ? { title } : {}), ...(createdAt !== null ? { created_at: createdAt } : {}) };
    queue(index, { kind: 'create', columns: kept, pixelIds }, keyOf(columns.domain_id ?? null, columns.alias), title === null);
  }

  for (let index = 0; index < bodies.length; index++) {
    try {
      await one(index);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      items[index] = rejected(index, err);
    }
  }
  await flush();
  // In a dry run the valid items stay pending: they would have been written.
  for (const { index, op } of pending) {
    items[index] = op.kind === 'create'
      ? { index, status: 201, result: 'created', id: null }
      : { index, status: 200, result: 'updated', id: op.id };
  }
  return { items, destinations };
}
