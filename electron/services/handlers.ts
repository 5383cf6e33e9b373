// The handler table: one function per contract name, and the gate in front of
// it. Names and arguments are checked against shared/contract.ts before any
// handler runs; whatever comes back is an IpcResult, never a thrown error, and
// never holds an API key (instances are described by InstanceView only).
import type { z } from 'zod';
import {
  contract, isCallName, type AppInfo, type CallName, type CallResult, type Contract, type InstanceView, type IpcError, type IpcResult,
  type Reachability, type ServerStatus,
} from '../../shared/contract.ts';
import type { Account } from '../../shared/api-types.ts';
import type { ApiClient } from './api-client.ts';
import { ServiceError } from './errors.ts';
import type { InstanceProfile, ProfileStore } from './instance-profiles.ts';
import type { SecretStore } from './secret-store.ts';

export interface CallContext { windowId: number }
export type Handlers = { [N in CallName]: (args: z.output<Contract[N]['args']>, ctx: CallContext) => Promise<CallResult<N>> };

/** What the handlers need from the desktop; desktop.ts provides it. */
export interface HandlerDeps {
  profiles: ProfileStore;
  secrets: SecretStore;
  info(): AppInfo;
  /** Shows the logs folder; resolves to the folder shown. */
  openLogs(): Promise<string>;
  serverStatus(): ServerStatus;
  restartServer(port: number | null | undefined): Promise<ServerStatus>;
  view(p: InstanceProfile): Promise<InstanceView>;
  clientFor(p: InstanceProfile): ApiClient;
  dropClient(id: string): Promise<void>;
  selectedId(windowId: number): string;
  select(windowId: number, id: string): Promise<void>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function single<T>(body: Record<string, unknown>): T {
  if (!isObject(body.data)) throw new ServiceError('not-linkdesk', 'The server answered without the record it was asked for.');
  return body.data as T;
}
function page<T>(body: Record<string, unknown>): T {
  if (!Array.isArray(body.data) || !isObject(body.meta)) throw new ServiceError('not-linkdesk', 'The server answered a list request without a list.');
  return body as T;
}

export function createHandlers(d: HandlerDeps): Handlers {
  const profile = (id: string) => {
    const p = d.profiles.get(id);
    if (!p) throw new ServiceError('not-found', 'That instance no longer exists.');
    return p;
  };
  const api = (ctx: CallContext) => d.clientFor(profile(d.selectedId(ctx.windowId)));

  const crud = <N extends 'domains' | 'links' | 'spaces' | 'pixels'>(noun: N) => ({
    [`${noun}.list`]: async ({ query }: { query?: Record<string, string | number | undefined> }, ctx: CallContext) =>
      page(await api(ctx).request('GET', `/${noun}`, { query })),
    [`${noun}.get`]: async ({ id }: { id: number }, ctx: CallContext) => single(await api(ctx).request('GET', `/${noun}/${id}`)),
    [`${noun}.create`]: async ({ data }: { data: Record<string, unknown> }, ctx: CallContext) =>
      single(await api(ctx).request('POST', `/${noun}`, { body: data })),
    [`${noun}.update`]: async ({ id, data }: { id: number; data: Record<string, unknown> }, ctx: CallContext) =>
      single(await api(ctx).request('PUT', `/${noun}/${id}`, { body: data })),
    [`${noun}.delete`]: async ({ id }: { id: number }, ctx: CallContext) => await api(ctx).request('DELETE', `/${noun}/${id}`),
  }) as unknown as Pick<Handlers, `${N}.${'list' | 'get' | 'create' | 'update' | 'delete'}`>;

  const table: Handlers = {
    'app.info': async () => d.info(),
    'app.openLogs': async () => ({ opened: await d.openLogs() }),
    'instances.list': async (_args, ctx) => ({
      instances: await Promise.all(d.profiles.list().map((p) => d.view(p))),
      selectedId: d.selectedId(ctx.windowId),
    }),
    'instances.add': async ({ name, baseUrl, apiKey }) => {
      const p = await d.profiles.add({ name, baseUrl });
      if (apiKey !== undefined) {
        try {
          await d.secrets.set(p.id, apiKey);
        } catch (err) {
          await d.profiles.remove(p.id); // an instance whose key was lost on the way in would only confuse
          throw err;
        }
      }
      return d.view(p);
    },
    'instances.update': async ({ id, name, baseUrl, apiKey }) => {
      const before = profile(id);
      const p = await d.profiles.update(id, { name, baseUrl });
      if (apiKey !== undefined) await d.secrets.set(id, apiKey);
      if (p.baseUrl !== before.baseUrl) await d.dropClient(id);
      return d.view(p);
    },
    'instances.remove': async ({ id }) => {
      if (profile(id).kind === 'local') throw new ServiceError('bad-request', 'The local instance cannot be removed.');
      await d.secrets.delete(id);
      await d.profiles.remove(id);
      await d.dropClient(id);
      return { removed: true } as const;
    },
    'instances.select': async ({ id }, ctx) => {
      const p = profile(id);
      await d.select(ctx.windowId, id);
      return d.view(p);
    },
    'instances.check': async ({ id }) => {
      const p = profile(id);
      return check(() => d.clientFor(p));
    },
    'server.status': async () => d.serverStatus(),
    'server.restart': async (args) => d.restartServer(args?.port),
    'account.get': async (_args, ctx) => single<Account>(await api(ctx).request('GET', '/account')),
    'stats.get': async ({ id, from, to, interval }, ctx) =>
      single(await api(ctx).request('GET', `/stats/${id}`, { query: { from, to, interval } })),
    'stats.account': async (args, ctx) =>
      single(await api(ctx).request('GET', '/stats', { query: { from: args?.from, to: args?.to, interval: args?.interval } })),
    ...crud('domains'),
    ...crud('links'),
    ...crud('spaces'),
    ...crud('pixels'),
  };
  return table;
}

/** "Test connection": the key's account, or the reason there is none. */
export async function check(client: () => ApiClient): Promise<Reachability> {
  try {
    return { state: 'connected', account: single<Account>(await client().request('GET', '/account')) };
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    const { kind, message } = err.error;
    if (kind === 'no-key') return { state: 'no-key', message };
    if (kind === 'invalid-key') return { state: 'invalid-key', message };
    if (kind === 'unreachable' || kind === 'timeout') return { state: 'unreachable', message, kind };
    return { state: 'error', message, kind };
  }
}

const contractError = (message: string, fields?: Record<string, string[]>): IpcResult<never> =>
  ({ ok: false, error: { kind: 'contract', message, ...(fields ? { fields } : {}) } });

const describe = (name: unknown) => (typeof name === 'string' ? `"${name.slice(0, 60)}"` : `of type ${name === null ? 'null' : typeof name}`);

/** The gate: unknown names and malformed arguments never reach a handler. */
export function createInvoker(handlers: Handlers, onUnexpected: (err: unknown, name: CallName) => void = () => {}) {
  return async function invoke(name: unknown, args: unknown, ctx: CallContext): Promise<IpcResult<unknown>> {
    if (!isCallName(name)) return contractError(`Unknown call ${describe(name)}.`);
    const parsed = contract[name].args.safeParse(args);
    if (!parsed.success) {
      const fields: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (fields[issue.path.map(String).join('.') || 'args'] ??= []).push(issue.message);
      const first = parsed.error.issues[0];
      return contractError(`Invalid arguments for ${name}: ${first ? `${first.path.join('.') || 'args'}: ${first.message}` : 'rejected'}.`, fields);
    }
    try {
      const handler = handlers[name] as (a: unknown, c: CallContext) => Promise<unknown>;
      return { ok: true, data: await handler(parsed.data, ctx) };
    } catch (err) {
      if (err instanceof ServiceError) return { ok: false, error: err.error };
      onUnexpected(err, name);
      const error: IpcError = { kind: 'server', message: `Linkdesk could not complete ${name}: ${err instanceof Error ? err.message.split('\n')[0] : 'unexpected error'}.` };
      return { ok: false, error };
    }
  };
}
