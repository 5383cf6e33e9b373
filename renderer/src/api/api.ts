// The one way screens reach the server: typed calls over window.linkdesk.invoke.
// A failed call throws ApiFailure carrying the contract's IpcError, so a screen
// can tell "invalid key" from "unreachable" from a 422 with field errors.
import type { LocalServerSettingsView } from '../../../shared/api-generation.ts';
import type { Account, AccountStats, Deleted, Domain, Link, LinkStats, Page, Pixel, Space } from '../../../shared/api-types.ts';
import type { AppInfo, CallArgs, CallName, CallResult, InstanceView, IpcError, Reachability, ServerStatus } from '../../../shared/contract.ts';
import type { DomainDns } from '../../../shared/schemas/domain-dns.ts';
import type { ClipboardPeek, QuickShortened, SettingsView } from '../../../shared/native.ts';
import type { Webhook, WebhookCreated, WebhookDelivery } from '../../../shared/schemas/webhooks.ts';
import { getIntl } from '../i18n/current.ts';
import { useActivity } from './activity.ts';
import type { Body, ListQuery } from './types.ts';

export class ApiFailure extends Error {
  readonly error: IpcError;
  constructor(error: IpcError) {
    super(error.message);
    this.name = 'ApiFailure';
    this.error = error;
  }
}

/** Any thrown value as the contract's error shape. */
export function toIpcError(e: unknown): IpcError {
  if (e instanceof ApiFailure) return e.error;
  return { kind: 'server', message: e instanceof Error && e.message ? e.message : getIntl().formatMessage({ id: 'app.errors.unknown', defaultMessage: 'Something went wrong.' }) };
}

type FailureListener = (name: CallName, error: IpcError) => void;
const failureListeners = new Set<FailureListener>();
/** Lets app state learn from any call that the instance is unreachable or its key is refused. */
export function onCallFailure(listener: FailureListener): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}

/** `quiet` keeps background polling out of the header's progress bar. */
export async function call<N extends CallName>(name: N, args?: CallArgs<N>, opts: { quiet?: boolean } = {}): Promise<CallResult<N>> {
  const bridge = window.linkdesk;
  if (!bridge) {
    throw new ApiFailure({ kind: 'contract', message: getIntl().formatMessage({ id: 'app.errors.noBridge', defaultMessage: 'Linkdesk is not connected: open this window from the Linkdesk app.' }) });
  }
  const activity = opts.quiet ? null : useActivity.getState();
  activity?.begin();
  try {
    const result = await bridge.invoke(name, args);
    if (!result || typeof result !== 'object' || !('ok' in result)) {
      throw new ApiFailure({ kind: 'contract', message: getIntl().formatMessage({ id: 'app.errors.unexpectedAnswer', defaultMessage: 'Unexpected answer to {call}.', description: 'call: an internal call name such as links.list' }, { call: name }) });
    }
    if (!result.ok) {
      for (const listener of failureListeners) listener(name, result.error);
      throw new ApiFailure(result.error);
    }
    return result.data;
  } catch (e) {
    throw e instanceof ApiFailure ? e : new ApiFailure(toIpcError(e));
  } finally {
    activity?.end();
  }
}

export type { Body, ListQuery } from './types.ts';

/** Days are YYYY-MM-DD in the instance's time zone, both inclusive. */
export type StatsRange = NonNullable<CallArgs<'stats.account'>>;

interface Resource<T> {
  list(query: ListQuery): Promise<Page<T>>;
  get(id: number): Promise<T>;
  create(data: Body): Promise<T>;
  update(id: number, data: Body): Promise<T>;
  remove(id: number): Promise<Deleted>;
}

type Noun = 'domains' | 'links' | 'spaces' | 'pixels' | 'webhooks';

// The contract types each name precisely; this helper only saves repeating the
// five calls per resource, so it goes through the untyped door once.
const untyped = call as (name: CallName, args?: unknown) => Promise<unknown>;
function resource<T>(noun: Noun): Resource<T> {
  return {
    list: (query) => untyped(`${noun}.list`, { query }) as Promise<Page<T>>,
    get: (id) => untyped(`${noun}.get`, { id }) as Promise<T>,
    create: (data) => untyped(`${noun}.create`, { data }) as Promise<T>,
    update: (id, data) => untyped(`${noun}.update`, { id, data }) as Promise<T>,
    remove: (id) => untyped(`${noun}.delete`, { id }) as Promise<Deleted>,
  };
}

export const api = {
  appInfo: (): Promise<AppInfo> => call('app.info'),
  serverStatus: (): Promise<ServerStatus> => call('server.status', undefined, { quiet: true }),
  /** Each given setting is remembered first (`port` null: the default); none: restart as it is. */
  restartServer: (change?: CallArgs<'server.restart'>): Promise<ServerStatus> => call('server.restart', change),
  /** The local server's remembered port and API generation. */
  serverSettings: (): Promise<LocalServerSettingsView> => call('server.settings', undefined, { quiet: true }),
  account: (): Promise<Account> => call('account.get'),
  instances: {
    list: (): Promise<{ instances: InstanceView[]; selectedId: string }> => call('instances.list'),
    add: (args: { name: string; baseUrl: string; apiKey?: string }): Promise<InstanceView> => call('instances.add', args),
    update: (args: { id: string; name?: string; baseUrl?: string; apiKey?: string }): Promise<InstanceView> => call('instances.update', args),
    remove: (id: string) => call('instances.remove', { id }),
    select: (id: string): Promise<InstanceView> => call('instances.select', { id }),
    check: (id: string): Promise<Reachability> => call('instances.check', { id }),
  },
  /** A link's statistics; without `from`/`to`, all time. */
  stats: (id: number, range: StatsRange = {}): Promise<LinkStats> => call('stats.get', { id, ...range }),
  /** The whole account's statistics and top links; without `from`/`to`, all time. */
  accountStats: (range: StatsRange = {}): Promise<AccountStats> => call('stats.account', range),
  settings: {
    get: (): Promise<SettingsView> => call('settings.get'),
    update: (patch: CallArgs<'settings.update'>): Promise<SettingsView> => call('settings.update', patch),
  },
  quick: {
    peek: (): Promise<ClipboardPeek> => call('quick.peek', undefined, { quiet: true }),
    domains: (): Promise<Page<Domain>> => call('quick.domains'),
    shorten: (fields: CallArgs<'quick.shorten'>): Promise<QuickShortened> => call('quick.shorten', fields),
  },
  domains: {
    ...resource<Domain>('domains'),
    /** Resolves the domain's DNS and reads its certificate now; `quiet` for the background re-checks. */
    dns: (id: number, opts: { quiet?: boolean } = {}): Promise<DomainDns> => call('domains.dns', { id }, opts),
  },
  links: {
    ...resource<Link>('links'),
    /** Where the saved link sends this visitor, by the server's own evaluation. */
    evaluate: (id: number, visitor: CallArgs<'links.evaluate'>['visitor']): Promise<CallResult<'links.evaluate'>> => call('links.evaluate', { id, visitor }),
  },
  spaces: resource<Space>('spaces'),
  pixels: resource<Pixel>('pixels'),
  webhooks: {
    ...resource<Webhook>('webhooks'),
    /** The answer holds the signing secret, shown this once. */
    create: (data: Body): Promise<WebhookCreated> => call('webhooks.create', { data }),
    deliveries: (id: number, query: ListQuery = {}): Promise<Page<WebhookDelivery>> => call('webhooks.deliveries', { id, query }),
    test: (id: number): Promise<WebhookDelivery> => call('webhooks.test', { id }),
  },
};
