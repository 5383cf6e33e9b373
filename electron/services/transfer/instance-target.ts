// An instance seen as the place imports and copies write to, over its API:
// names in a file become ids there (spaces and pixels created when missing),
// and link bodies go through POST /links/bulk, or one POST /links at a time on
// a server without the bulk route, with the same on-conflict behaviour. A
// server without spaces or pixels (the seed's API) still takes the links,
// without them; `notes()` says so once, for the report.
import { pageBound } from '../untrusted.ts';
import { domainToASCII } from 'node:url';
import type { Link } from '../../../shared/api-types.ts';
import type { LinkSink, OnConflict, PortableLink, Resolver, WriteResult } from '../../server/transfer/types.ts';
import type { ApiClient } from '../api-client.ts';
import { isObject } from '../api-answers.ts';
import { isMissingRoute, ServiceError } from '../errors.ts';
import { t } from '../i18n/current.ts';
import { jobWords } from './job-messages.ts';

/** Given by `spaceId` on a server without spaces; the sink drops it from every body. */
const NO_SPACE = 0;
const PAGE = 100;
const MAX_RENAMES = 1000;
const ALIAS_MAX = 100;
/** A rate-limited server is waited for (as long as it asks, up to a minute) this many times per request. */
const RATE_RETRIES = 5;
const RATE_WAIT_MAX_S = 60;

export interface InstanceTarget {
  resolver: Resolver;
  sink: LinkSink;
  createDomain(name: string): Promise<number>;
  domains(): Promise<{ id: number; name: string }[]>;
  /** Every space; null on a server without spaces. */
  spaces(): Promise<{ id: number; name: string }[] | null>;
  /** What the target could not keep (no spaces, no pixels, a pixel it refused); each said once. */
  notes(): string[];
  /** The highest link id now (0: none); links created later have higher ids. */
  newestLinkId(): Promise<number>;
  /** Links with an id above `id`, oldest first. */
  linksAfter(id: number): Promise<Link[]>;
}

const hostKey = (name: string) => (domainToASCII(name.trim().toLowerCase()) || name.trim().toLowerCase());

function firstError(errors: unknown, message: unknown): { field: string; reason: string } {
  if (isObject(errors)) {
    for (const [field, msgs] of Object.entries(errors)) {
      if (Array.isArray(msgs) && typeof msgs[0] === 'string') return { field, reason: msgs[0] };
    }
  }
  return { field: 'link', reason: typeof message === 'string' ? message : 'The server rejected this link.' };
}

/** One item of the bulk route's answer as a WriteResult. */
function fromBulkItem(item: unknown): WriteResult {
  if (!isObject(item)) return { result: 'rejected', field: 'link', reason: 'The server answered without this link.' };
  // The id alone (Prefer: return=minimal, which Linkdesk honours), or inside the link (servers that answer in full).
  const data = isObject(item.data) ? item.data : null;
  const id = typeof item.id === 'number' ? item.id : data && typeof data.id === 'number' ? data.id : null;
  const message = typeof item.message === 'string' ? item.message : null;
  if ((item.result === 'created' || item.result === 'updated') && id !== null) return { result: item.result, id };
  if (item.result === 'skipped') return { result: 'skipped', id, reason: message ?? 'The alias already exists.' };
  return { result: 'rejected', ...firstError(item.errors, message) };
}

const aliasTaken = (err: ServiceError) => (err.error.fields?.alias ?? []).some((m) => /already been taken/i.test(m));

/** `alias-n`, shortened so it stays within the alias length limit. */
const renamed = (alias: string, n: number) => `${alias.slice(0, ALIAS_MAX - String(n).length - 1)}-${n}`;

export function instanceTarget(client: ApiClient): InstanceTarget {
  // Without the bulk route an import is a request per link, which a server's rate limit soon meets: wait as asked, then go on.
  const request: ApiClient['request'] = async (method, route, opts) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await client.request(method, route, opts);
      } catch (err) {
        const wait = err instanceof ServiceError && err.error.kind === 'rate-limited' ? err.error.retryAfterSeconds ?? 1 : null;
        if (wait === null || wait > RATE_WAIT_MAX_S || attempt >= RATE_RETRIES) throw err;
        await new Promise((r) => setTimeout(r, Math.max(wait, 0.1) * 1000));
      }
    }
  };
  const notes = new Set<string>();
  let domainList: Promise<{ id: number; name: string }[]> | null = null;
  let spaces: Promise<Map<string, number> | null> | null = null;
  let pixels: Promise<Map<string, number> | null> | null = null;
  let bulk = true;

  /** Every record of a list, page by page; null when the server does not offer it. */
  async function all<T>(noun: string, query: Record<string, string | number> = {}): Promise<T[] | null> {
    const out: T[] = [];
    let bound = 1;
    try {
      for (let page = 1; ; page++) {
        const body = await request('GET', `/${noun}`, { query: { ...query, per_page: PAGE, page } });
        const data = Array.isArray(body.data) ? (body.data as T[]) : [];
        out.push(...data);
        const meta = isObject(body.meta) ? body.meta : {};
        // The first page's total bounds the walk (untrusted.ts), whatever later pages say.
        if (page === 1) bound = pageBound({ meta: { total: meta.total, per_page: meta.per_page, last_page: meta.last_page } }, PAGE);
        if (data.length === 0 || typeof meta.last_page !== 'number' || page >= meta.last_page || page >= bound) return out;
      }
    } catch (err) {
      if (isMissingRoute(err)) return null;
      throw err;
    }
  }

  const loadDomains = () => (domainList ??= all<{ id: number; name: string }>('domains')
    .then((d) => (d ?? []).map(({ id, name }) => ({ id, name })))
    .catch((err) => { domainList = null; throw err; }));
  const byName = <T extends { id: number; name: string }>(noun: string) => all<T>(noun).then((rows) => (rows ? new Map(rows.map((r) => [r.name, r.id])) : null));

  async function create(noun: string, body: Record<string, unknown>): Promise<number> {
    const answer = await request('POST', `/${noun}`, { body });
    const data = answer.data;
    if (!isObject(data) || typeof data.id !== 'number') throw new ServiceError('not-linkdesk', `The server answered without the new ${noun.slice(0, -1)}.`);
    return data.id;
  }

  const resolver: Resolver = {
    async domainId(name) {
      if (name === null || name.trim() === '') return null;
      const key = hostKey(name);
      return (await loadDomains()).find((d) => hostKey(d.name) === key)?.id;
    },
    async spaceId(name, color) {
      const known = await (spaces ??= byName<{ id: number; name: string }>('spaces'));
      if (!known) {
        notes.add('This server does not offer spaces: links were imported without their space.');
        return NO_SPACE;
      }
      const found = known.get(name);
      if (found !== undefined) return found;
      let id: number;
      try {
        id = await create('spaces', color ? { name, color } : { name });
      } catch (err) {
        // A colour the server refuses should not cost the space.
        if (!(color && err instanceof ServiceError && err.error.kind === 'validation' && err.error.fields?.color)) throw err;
        id = await create('spaces', { name });
      }
      known.set(name, id);
      return id;
    },
    async pixelIds(wanted: PortableLink['pixels']) {
      if (wanted.length === 0) return [];
      const known = await (pixels ??= byName<{ id: number; name: string }>('pixels'));
      if (!known) {
        notes.add('This server does not offer pixels: links were imported without their pixels.');
        return [];
      }
      const ids: number[] = [];
      for (const p of wanted) {
        let id = known.get(p.name);
        if (id === undefined) {
          try {
            id = await create('pixels', { name: p.name, type: p.type, pixel_id: p.pixel_id });
          } catch (err) {
            if (!(err instanceof ServiceError && err.error.kind === 'validation')) throw err;
            notes.add(jobWords(t()).pixelNotCreated(p.name, err.error.message));
            continue;
          }
          known.set(p.name, id);
        }
        ids.push(id);
      }
      return ids;
    },
  };

  /** The link with exactly this alias on this domain (null: the default domain). */
  async function findByAlias(alias: string, domainId: number | null): Promise<Link | null> {
    const rows = await all<Link>('links', { search: alias, search_by: 'alias' }) ?? [];
    return rows.find((l) => l.alias === alias && (l.domain?.id ?? null) === domainId) ?? null;
  }

  /** One body through POST /links, with what the bulk route would do on a taken alias. */
  async function writeOne(body: Record<string, unknown>, onConflict: OnConflict): Promise<WriteResult> {
    let attempt = body;
    for (let n = 2; ; n++) {
      try {
        return { result: 'created', id: await create('links', attempt) };
      } catch (err) {
        if (!(err instanceof ServiceError && err.error.kind === 'validation')) throw err;
        const alias = typeof body.alias === 'string' ? body.alias : null;
        if (!alias || !aliasTaken(err) || onConflict === 'error') return { result: 'rejected', ...firstError(err.error.fields, err.error.message) };
        const domainId = typeof body.domain_id === 'number' ? body.domain_id : null;
        if (onConflict === 'skip') {
          const existing = await findByAlias(alias, domainId);
          return { result: 'skipped', id: existing?.id ?? null, reason: `The alias "${alias}" already exists.` };
        }
        if (onConflict === 'update') {
          const existing = await findByAlias(alias, domainId);
          if (!existing) return { result: 'rejected', field: 'alias', reason: err.error.message };
          // domain_id is create-only: the link stays where it is.
          const { domain_id: _d, domain: _dd, ...changes } = body;
          try {
            await request('PUT', `/links/${existing.id}`, { body: changes });
          } catch (e) {
            if (!(e instanceof ServiceError && e.error.kind === 'validation')) throw e;
            return { result: 'rejected', ...firstError(e.error.fields, e.error.message) };
          }
          return { result: 'updated', id: existing.id };
        }
        if (n > MAX_RENAMES) return { result: 'rejected', field: 'alias', reason: `No free alias near "${alias}" was found.` };
        attempt = { ...body, alias: renamed(alias, n) };
      }
    }
  }

  const sink: LinkSink = async (bodies, onConflict) => {
    const clean = bodies.map((b) => {
      if (b.space_id !== NO_SPACE) return b;
      const { space_id: _s, ...rest } = b;
      return rest;
    });
    if (bulk) {
      try {
        // Only each link's id is read back: a thousand whole links would be most of the answer.
        const answer = await request('POST', '/links/bulk', { body: { links: clean, on_conflict: onConflict }, prefer: 'return=minimal' });
        const items = Array.isArray(answer.data) ? answer.data : [];
        const byIndex = new Map(items.filter(isObject).map((i) => [i.index, i]));
        return clean.map((_b, i) => fromBulkItem(byIndex.get(i)));
      } catch (err) {
        if (!isMissingRoute(err)) throw err;
        bulk = false; // a server without the bulk route: one request per link from now on
      }
    }
    const out: WriteResult[] = [];
    for (const b of clean) out.push(await writeOne(b, onConflict));
    return out;
  };

  return {
    resolver,
    sink,
    domains: () => loadDomains(),
    spaces: async () => (await all<{ id: number; name: string }>('spaces'))?.map(({ id, name }) => ({ id, name })) ?? null,
    async createDomain(name) {
      const id = await create('domains', { name });
      (await loadDomains()).push({ id, name });
      return id;
    },
    notes: () => [...notes],
    async newestLinkId() {
      const body = await request('GET', '/links', { query: { sort_by: 'id', sort: 'desc', per_page: 10, page: 1 } });
      const first = Array.isArray(body.data) ? body.data[0] : undefined;
      return isObject(first) && typeof first.id === 'number' ? first.id : 0;
    },
    async linksAfter(id) {
      const out: Link[] = [];
      for (let page = 1; ; page++) {
        const body = await request('GET', '/links', { query: { sort_by: 'id', sort: 'desc', per_page: PAGE, page } });
        const data = Array.isArray(body.data) ? (body.data as Link[]) : [];
        const newer = data.filter((l) => l.id > id);
        out.push(...newer);
        if (newer.length < data.length || data.length < PAGE) return out.reverse();
      }
    },
  };
}
