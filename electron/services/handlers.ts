// The handler table: one function per contract name, and the gate in front of
// it. Names and arguments are checked against shared/contract.ts before any
// handler runs; whatever comes back is an IpcResult, never a thrown error, and
// never holds an API key (instances are described by InstanceView only).
import type { z } from 'zod';
import {
  contract, isCallName, type AppInfo, type CallName, type CallResult, type Contract, type InstanceView, type IpcError, type IpcResult,
  type CsvFile, type Reachability, type ServerStatus,
} from '../../shared/contract.ts';
import type { Account } from '../../shared/api-types.ts';
import type { ApiGeneration, LocalServerSettingsView } from '../../shared/api-generation.ts';
import { page, single } from './api-answers.ts';
import type { ApiClient } from './api-client.ts';
import { isMissingRoute, ServiceError } from './errors.ts';
import { say, se } from './i18n/service-errors.ts';
import type { InstanceLocks } from './instance-locks.ts';
import type { InstanceProfile, ProfileStore } from './instance-profiles.ts';
import type { NativeHandlers } from './native/native-handlers.ts';
import type { SecretStore } from './secret-store.ts';
import { createInstanceHandlers } from './instance-handlers.ts';
import type { X509Certificate } from 'node:crypto';
import { createAdminHandlers } from './admin-handlers.ts';
import { createSafetyHandlers } from './safety-handlers.ts';
import type { Confirm } from './consent.ts';
import { checkedShortUrl, scrubLink } from './untrusted.ts';
import { scrubSecrets } from '../server/util/log-options.ts';
import type { Link } from '../../shared/api-types.ts';

export interface CallContext { windowId: number }
/** `server.restart`'s settings to remember first; none: a plain restart. */
export interface ServerChange { port?: number | null; apiGeneration?: ApiGeneration }
export type Handlers = { [N in CallName]: (args: z.output<Contract[N]['args']>, ctx: CallContext) => Promise<CallResult<N>> };

/** What the handlers need from the desktop; desktop.ts provides it. */
export interface HandlerDeps {
  profiles: ProfileStore;
  secrets: SecretStore;
  info(): Promise<AppInfo>;
  /** The chain an instance's server presents now, unverified. */
  presented(p: InstanceProfile): Promise<X509Certificate[] | null>;
  /** Shows the logs folder; resolves to the folder shown. */
  openLogs(): Promise<string>;
  serverStatus(): ServerStatus;
  /** Restarts the local server, first remembering each given setting. */
  restartServer(change: ServerChange): Promise<ServerStatus>;
  /** The local server's remembered settings. */
  serverSettings(): LocalServerSettingsView;
  view(p: InstanceProfile): Promise<InstanceView>;
  clientFor(p: InstanceProfile): ApiClient;
  dropClient(id: string): Promise<void>;
  /** One rotation or address change of an instance at a time; requests wait for a change (instance-locks.ts). */
  locks: InstanceLocks;
  selectedId(windowId: number): string;
  select(windowId: number, id: string): Promise<void>;
  /** Settings and quick shorten (electron/services/native). */
  native: NativeHandlers;
  /** Long work (electron/services/jobs.ts). */
  jobs: Part<'jobs.list' | 'jobs.get' | 'jobs.pause' | 'jobs.resume' | 'jobs.cancel' | 'jobs.file'>;
  /** The import wizard (electron/services/transfer/import-handlers.ts). */
  imports: Part<'transfer.stage' | 'transfer.preview' | 'transfer.targetOptions' | 'transfer.import' | 'transfer.importResult'>;
  /** Work on a selection of links: bulk actions, export, copy to another instance (electron/services/transfer/selection-handlers.ts). */
  selection: Part<'links.bulk' | 'transfer.export' | 'transfer.copyPlan' | 'transfer.copy'>;
  /** The Live view's stream (electron/services/live-follow.ts). */
  live: Part<'stats.live.start' | 'stats.live.stop'>;
  /** The local server's city database (electron/services/city-database.ts). */
  cityDatabase: Part<'server.cityDatabase.choose' | 'server.cityDatabase.remove'>;
  /** The local instance's backups (electron/services/backups.ts). */
  backups: Part<'backups.list' | 'backups.create' | 'backups.restore'>;
  /** Updates: the feed setting, a check, the banner's Restart (electron/services/updater-handlers.ts). */
  updates: Part<'updates.get' | 'updates.configure' | 'updates.check' | 'updates.install'>;
  /** Puts text on the clipboard; false where there is none (outside the app). */
  copyText(text: string): Promise<boolean>;
  /** Asks the user in main before a key goes somewhere new or a CA is trusted (consent.ts). */
  confirm: Confirm;
}
type Part<K extends CallName> = Pick<Handlers, K>;



/** Whether `probe` answers 404; any other failure is thrown. */
async function answers404(probe: () => Promise<unknown>): Promise<boolean> {
  try {
    await probe();
    return false;
  } catch (err) {
    if (isMissingRoute(err)) return true;
    throw err;
  }
}

/**
 * Spaces, pixels, statistics and the account are not in the seed: a server
 * that offers only domains and links answers them 404. That 404 becomes
 * 'unsupported', unless `recordGone` says it was about one record (the
 * statistics of a deleted link, a deleted space), which stays 'not-found'.
 */
async function offered<T>(what: string, run: () => Promise<T>, recordGone?: () => Promise<boolean>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!isMissingRoute(err)) throw err;
    if (recordGone && await recordGone()) throw err.error.kind === 'not-found' ? err : new ServiceError('not-found', say(se.resourceNotFound), { status: 404 });
    throw new ServiceError('unsupported', say(se.unsupported, { what }), { status: 404 });
  }
}

export function createHandlers(d: HandlerDeps): Handlers {
  const profile = (id: string) => {
    const p = d.profiles.get(id);
    if (!p) throw new ServiceError('not-found', say(se.instanceGone));
    return p;
  };
  const api = (ctx: CallContext) => d.clientFor(profile(d.selectedId(ctx.windowId)));

  /** `what`: the resource is not in the seed, and a server may not offer it ('spaces'). */
  const crud = <N extends 'domains' | 'links' | 'spaces' | 'pixels' | 'webhooks'>(noun: N, what?: string) => {
    const all = <T>(run: () => Promise<T>) => (what ? offered(what, run) : run());
    // One record's 404 says the resource is missing only when the list answers 404 too.
    const one = <T>(client: ApiClient, run: () => Promise<T>) => (what
      ? offered(what, run, async () => !(await answers404(() => client.request('GET', `/${noun}`, { query: { per_page: 10 } }))))
      : run());
    // A link's short URL is the server's word: one that is not http(s) never reaches a screen's copy button.
    const clean = <T>(record: T): T => (noun === 'links' ? scrubLink(record) : record);
    const cleanPage = <T extends { data: unknown[] }>(p: T): T => (noun === 'links' ? { ...p, data: p.data.map(scrubLink) } : p);
    return {
      [`${noun}.list`]: async ({ query }: { query?: Record<string, string | number | undefined> }, ctx: CallContext) =>
        all(async () => cleanPage(page<{ data: unknown[] }>(await api(ctx).request('GET', `/${noun}`, { query })))),
      [`${noun}.get`]: async ({ id }: { id: number }, ctx: CallContext) => {
        const client = api(ctx);
        return one(client, async () => clean(single(await client.request('GET', `/${noun}/${id}`))));
      },
      [`${noun}.create`]: async ({ data }: { data: Record<string, unknown> }, ctx: CallContext) =>
        all(async () => clean(single(await api(ctx).request('POST', `/${noun}`, { body: data })))),
      [`${noun}.update`]: async ({ id, data }: { id: number; data: Record<string, unknown> }, ctx: CallContext) => {
        const client = api(ctx);
        return one(client, async () => clean(single(await client.request('PUT', `/${noun}/${id}`, { body: data }))));
      },
      [`${noun}.delete`]: async ({ id }: { id: number }, ctx: CallContext) => {
        const client = api(ctx);
        return one(client, () => client.request('DELETE', `/${noun}/${id}`));
      },
    } as unknown as Pick<Handlers, `${N}.${'list' | 'get' | 'create' | 'update' | 'delete'}`>;
  };

  const table: Handlers = {
    'app.info': () => d.info(),
    'app.openLogs': async () => ({ opened: await d.openLogs() }),
    'instances.list': async (_args, ctx) => ({
      instances: await Promise.all(d.profiles.list().map((p) => d.view(p))),
      selectedId: d.selectedId(ctx.windowId),
    }),
    ...createInstanceHandlers(d),
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
    'server.restart': async (args) => d.restartServer(args ?? {}),
    'server.settings': async () => d.serverSettings(),
    'account.get': async (_args, ctx) => offered('account details', async () => single<Account>(await api(ctx).request('GET', '/account'))),
    'stats.get': async ({ id, from, to, interval }, ctx) => {
      const client = api(ctx);
      // The link's own 404 is the only way to tell a link that is gone from statistics that are not offered.
      return offered('link statistics', async () => single(await client.request('GET', `/stats/${id}`, { query: { from, to, interval } })),
        () => answers404(() => client.request('GET', `/links/${id}`)));
    },
    'stats.account': async (args, ctx) => offered('account statistics', async () =>
      single(await api(ctx).request('GET', '/stats', { query: { from: args?.from, to: args?.to, interval: args?.interval } }))),
    'stats.export': async ({ id, from, to, interval }, ctx) => offered('statistics export', async () => {
      const text = await api(ctx).download(id === undefined ? '/stats' : `/stats/${id}`, { query: { from, to, interval } });
      const rows = Math.max(0, text.split('\n').filter((l) => l.length).length - 1);
      const name = `linkdesk-stats-${id === undefined ? 'account' : `link-${id}`}-${from ?? 'all'}${to ? `-to-${to}` : ''}.csv`;
      const file: CsvFile = { name, mime: 'text/csv', content: text, rows };
      return file;
    }),
    ...d.native,
    ...d.cityDatabase,
    ...d.jobs,
    ...d.imports,
    ...d.selection,
    ...d.backups,
    ...d.updates,
    ...d.live,
    ...crud('domains'),
    'domains.dns': async ({ id }, ctx) => {
      const client = api(ctx);
      // Only the domain's own 404 tells a deleted domain from a server without DNS checks.
      return offered('DNS checks', async () => single(await client.request('GET', `/domains/${id}/dns`)),
        () => answers404(() => client.request('GET', `/domains/${id}`)));
    },
    ...crud('links'),
    'links.checkHealth': async ({ id }, ctx) => {
      const client = api(ctx);
      // As for statistics: only the link's own 404 tells a deleted link from a server without health checks.
      return offered('destination health checks', async () => single(await client.request('POST', `/links/${id}/health-check`)),
        () => answers404(() => client.request('GET', `/links/${id}`)));
    },
    'links.evaluate': async ({ id, visitor }, ctx) => {
      const client = api(ctx);
      // As for statistics: only the link's own 404 tells a deleted link from a server that cannot evaluate.
      return offered('rule tests', async () => single(await client.request('POST', `/links/${id}/evaluate`, { body: visitor })),
        () => answers404(() => client.request('GET', `/links/${id}`)));
    },
    'links.copyShortUrl': async ({ id }, ctx) => {
      const shortUrl = checkedShortUrl(single<Link>(await api(ctx).request('GET', `/links/${id}`)));
      if (!(await d.copyText(shortUrl))) throw new ServiceError('bad-request', say(se.clipboardDesktopOnly));
      return { copied: shortUrl };
    },
    ...createAdminHandlers({ profile, api, clientFor: d.clientFor, secrets: d.secrets, view: d.view, locks: d.locks }),
    ...createSafetyHandlers(api),
    ...crud('spaces', 'spaces'),
    ...crud('pixels', 'pixels'),
    ...crud('webhooks', 'webhooks'),
    'webhooks.deliveries': async ({ id, query }, ctx) => {
      const client = api(ctx);
      return offered('webhooks', async () => page(await client.request('GET', `/webhooks/${id}/deliveries`, { query })),
        async () => !(await answers404(() => client.request('GET', '/webhooks', { query: { per_page: 10 } }))));
    },
    'webhooks.delivery': async ({ id, deliveryId }, ctx) => {
      const client = api(ctx);
      return offered('webhook delivery details', async () => single(await client.request('GET', `/webhooks/${id}/deliveries/${deliveryId}`)),
        async () => !(await answers404(() => client.request('GET', `/webhooks/${id}/deliveries`, { query: { per_page: 10 } }))));
    },
    'webhooks.redeliver': async ({ id, deliveryId }, ctx) => {
      const client = api(ctx);
      return offered('redelivery', async () => single(await client.request('POST', `/webhooks/${id}/deliveries/${deliveryId}/redeliver`)),
        async () => !(await answers404(() => client.request('GET', `/webhooks/${id}/deliveries`, { query: { per_page: 10 } }))));
    },
    'webhooks.test': async ({ id }, ctx) => {
      const client = api(ctx);
      return offered('webhooks', async () => single(await client.request('POST', `/webhooks/${id}/test`)),
        async () => !(await answers404(() => client.request('GET', '/webhooks', { query: { per_page: 10 } }))));
    },
  };
  return table;
}

/** "Test connection": the key's account, or the reason there is none. */
export async function check(client: () => ApiClient): Promise<Reachability> {
  try {
    return { state: 'connected', account: await accountOf(client()) };
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    const { kind, message, reason, advice, certificate } = err.error;
    const why = { ...(reason ? { reason } : {}), ...(advice ? { advice } : {}) };
    if (kind === 'no-key') return { state: 'no-key', message, ...why };
    if (kind === 'invalid-key') return { state: 'invalid-key', message, ...why };
    // Accepted, but not for reading the account or links: for this app the key does not do.
    if (kind === 'forbidden') {
      const host = new URL(client().baseUrl).host;
      return { state: 'invalid-key', message: `${host} accepted the API key but does not allow this (403): ${message}${advice ? ` ${advice}` : ''}`, ...why };
    }
    if (kind === 'unreachable' || kind === 'timeout') return { state: 'unreachable', message, kind, ...why };
    return { state: 'error', message, kind, ...why, ...(certificate ? { certificate } : {}) };
  }
}

/** The key's account; null when the server has no /account but accepts the key for a page of links (a seed-only server). */
async function accountOf(c: ApiClient): Promise<Account | null> {
  try {
    return single<Account>(await c.request('GET', '/account'));
  } catch (err) {
    if (!isMissingRoute(err)) throw err;
  }
  page(await c.request('GET', '/links', { query: { per_page: 10 } }));
  return null;
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
      const error: IpcError = { kind: 'server', message: scrubSecrets(`Linkdesk could not complete ${name}: ${err instanceof Error ? err.message.split('\n')[0] : 'unexpected error'}.`) };
      return { ok: false, error };
    }
  };
}
