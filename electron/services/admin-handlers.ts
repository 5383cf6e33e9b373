// The calls behind *Users & keys*, *My keys*, *Activity* and an instance's
// key (its expiry, Rotate key). A server that offers only the seed's routes
// answers them 'unsupported', which the screens show as disabled with the reason.
import type { CsvFile, InstanceView, KeyInfo, KeyRotation } from '../../shared/contract.ts';
import { KEY_EXPIRY_WARNING_DAYS } from '../../shared/contract.ts';
import type { Deleted, Page } from '../../shared/api-types.ts';
import type { ApiKey, ApiKeyCreated, AuditEntry, User } from '../../shared/schemas/admin.ts';
import { page, single } from './api-answers.ts';
import type { ApiClient, Query } from './api-client.ts';
import { isMissingRoute, ServiceError } from './errors.ts';
import type { CallContext, Handlers } from './handlers.ts';
import type { InstanceLocks } from './instance-locks.ts';
import type { InstanceProfile } from './instance-profiles.ts';
import { rotateKey } from './key-rotation.ts';
import type { SecretStore } from './secret-store.ts';

export interface AdminDeps {
  profile(id: string): InstanceProfile;
  /** The client of the window's selected instance. */
  api(ctx: CallContext): ApiClient;
  clientFor(p: InstanceProfile): ApiClient;
  secrets: SecretStore;
  view(p: InstanceProfile): Promise<InstanceView>;
  /** One rotation or address change of an instance at a time (instance-locks.ts). */
  locks: InstanceLocks;
  now?: () => number;
}

type Admin = Pick<Handlers, 'users.list' | 'users.create' | 'users.update' | 'users.delete' | 'keys.list' | 'keys.current' | 'keys.create'
  | 'keys.update' | 'keys.revoke' | 'audit.list' | 'audit.export' | 'instances.keyInfo' | 'instances.rotateKey'>;

const unsupported = (what: string) => new ServiceError('unsupported', `This server does not offer ${what}.`, { status: 404 });

/** Whether the server has /keys at all: a seed-only server answers its own 404 to the list. */
async function hasRoute(client: ApiClient, path: string): Promise<boolean> {
  try {
    await client.request('GET', path, { query: { per_page: 10 } });
    return true;
  } catch (err) {
    if (isMissingRoute(err)) return false;
    return true; // refused (403) or failing: the route is there
  }
}

/**
 * Calls on one record: a 404 is the record's unless the list route is missing
 * too (a seed-only server), which makes it 'unsupported'.
 */
async function onRecord<T>(client: ApiClient, list: string, what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isMissingRoute(err) && !(await hasRoute(client, list))) throw unsupported(what);
    throw err;
  }
}
async function onList<T>(client: ApiClient, list: string, what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isMissingRoute(err)) throw unsupported(what);
    throw err;
  }
}

function keyInfoOf(k: ApiKey, now: number): KeyInfo {
  const left = k.expires_at === null ? null : Math.max(0, Math.floor((Date.parse(k.expires_at) - now) / 86_400_000));
  return {
    prefix: k.prefix, scopes: k.scopes, expiresAt: k.expires_at, domainId: k.domain_id, daysLeft: left,
    expiresSoon: k.expires_at !== null && Date.parse(k.expires_at) - now <= KEY_EXPIRY_WARNING_DAYS * 86_400_000,
  };
}

export function createAdminHandlers(d: AdminDeps): Admin {
  const now = d.now ?? Date.now;
  const USERS = 'users (it has no /users)';
  const KEYS = 'key management (it has no /keys)';
  const AUDIT = 'an audit log (it has no /audit)';
  const q = (query: Query | undefined) => query;

  return {
    'users.list': async ({ query }, ctx) => { const c = d.api(ctx); return onList(c, '/users', USERS, async () => page<Page<User>>(await c.request('GET', '/users', { query: q(query) }))); },
    'users.create': async ({ data }, ctx) => { const c = d.api(ctx); return onList(c, '/users', USERS, async () => single<User>(await c.request('POST', '/users', { body: data }))); },
    'users.update': async ({ id, data }, ctx) => {
      const c = d.api(ctx);
      return onRecord(c, '/users', USERS, async () => single<User>(await c.request('PATCH', `/users/${id}`, { body: data })));
    },
    'users.delete': async ({ id, links, toUserId }, ctx) => {
      const c = d.api(ctx);
      return onRecord(c, '/users', USERS, async () => (await c.request('DELETE', `/users/${id}`, { query: { links, to_user_id: toUserId } })) as unknown as Deleted);
    },
    'keys.list': async ({ query }, ctx) => { const c = d.api(ctx); return onList(c, '/keys', KEYS, async () => page<Page<ApiKey>>(await c.request('GET', '/keys', { query: q(query) }))); },
    'keys.current': async (_args, ctx) => { const c = d.api(ctx); return onList(c, '/keys', KEYS, async () => single<ApiKey>(await c.request('GET', '/keys/current'))); },
    'keys.create': async ({ data }, ctx) => { const c = d.api(ctx); return onList(c, '/keys', KEYS, async () => single<ApiKeyCreated>(await c.request('POST', '/keys', { body: data }))); },
    'keys.update': async ({ id, data }, ctx) => {
      const c = d.api(ctx);
      return onRecord(c, '/keys', KEYS, async () => single<ApiKey>(await c.request('PATCH', `/keys/${id}`, { body: data })));
    },
    'keys.revoke': async ({ id }, ctx) => {
      const c = d.api(ctx);
      return onRecord(c, '/keys', KEYS, async () => (await c.request('DELETE', `/keys/${id}`)) as unknown as Deleted);
    },
    'audit.list': async ({ query }, ctx) => { const c = d.api(ctx); return onList(c, '/audit', AUDIT, async () => page<Page<AuditEntry>>(await c.request('GET', '/audit', { query: q(query) }))); },
    'audit.export': async ({ query }, ctx) => {
      const c = d.api(ctx);
      const text = await onList(c, '/audit', AUDIT, () => c.download('/audit/export', { query: q(query) }));
      const rows = Math.max(0, text.split('\n').filter((l) => l.length).length - 1);
      const file: CsvFile = { name: `linkdesk-audit-${new Date(now()).toISOString().slice(0, 10)}.csv`, mime: 'text/csv', content: text, rows };
      return file;
    },
    'instances.keyInfo': async ({ id }) => {
      const c = d.clientFor(d.profile(id));
      return onList(c, '/keys', KEYS, async () => keyInfoOf(single<ApiKey>(await c.request('GET', '/keys/current')), now()));
    },
    'instances.rotateKey': async ({ id }) => {
      const p = d.profile(id);
      // Two at once would each revoke the key the other just made, and one beside a change of address would store
      // the old server's key under the new address: while either runs, this is refused, not queued.
      return d.locks.exclusive(p.id, 'rotate', async () => {
        const client = d.clientFor(p);
        const r = await onList(client, '/keys', KEYS, () => rotateKey({ client, secrets: d.secrets, account: p.id, now }));
        const rotation: KeyRotation = { instance: await d.view(p), prefix: r.prefix, oldKeyRevoked: r.oldKeyRevoked, message: r.message };
        return rotation;
      });
    },
  };
}
