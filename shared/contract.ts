// The IPC contract: every call a renderer can make, with a zod schema for its
// arguments and the type of its result. Main validates names and arguments
// against this table before any handler runs; the renderer's `api` module is
// typed from it. Request bodies and list queries are passed through to the
// HTTP API, which owns their validation (its 422s come back as typed errors).
import { z } from 'zod';
import { serverRestartArgs, type LocalServerSettingsView } from './api-generation.ts';
import type { Account, AccountStats, Deleted, Domain, Link, LinkStats, Page, Pixel, Space } from './api-types.ts';
import { LANGUAGE_SETTINGS, type AppCommand, type ClipboardPeek, type LanguageSetting, type QuickShortened, type SettingsView } from './native.ts';
import { fingerprintField, instanceFields } from './schemas/instance.ts';
import type { DomainDns } from './schemas/domain-dns.ts';
import { updateSettingsPatch, type UpdateView } from './updates.ts';
import { linkEvaluateSchema, type LinkEvaluation } from './schemas/link-rules.ts';
import { statsQuerySchema } from './schemas/stats.ts';
import { importPasswordSchema } from './schemas/transfer.ts';
import type { Webhook, WebhookCreated, WebhookDelivery, WebhookDeliveryDetail } from './schemas/webhooks.ts';
import type { ApiKey, ApiKeyCreated, AuditEntry, User } from './schemas/admin.ts';
import { IMPORT_FIELDS, IMPORT_FORMATS, type BackupView, type BackupsView, type CopyPlan, type ImportOutcome, type ImportPreview, type JobFile, type JobView } from './transfer.ts';

const id = z.number().int().positive();
const query = z.record(z.string(), z.union([z.string(), z.number(), z.undefined()])).optional();
const body = z.record(z.string(), z.unknown());
const none = z.object({}).strict().optional();
const instanceId = z.string().min(1).max(100);
// A range is checked here with the API's own rules, so a bad one never leaves the app.
const statsRange = statsQuerySchema.optional();
const linkStatsArgs = statsQuerySchema.safeExtend({ id });
const statsExportArgs = statsQuerySchema.safeExtend({ id: id.optional() });
const liveArgs = z.object({ linkId: id.nullable() }).strict();
const evaluateArgs = z.object({ id, visitor: linkEvaluateSchema }).strict();
const f = instanceFields;
const addInstanceArgs = z.object({
  name: f.name, baseUrl: f.baseUrl, apiKey: f.apiKey.optional(), proxy: f.proxy.optional(), caCertificates: f.caCertificates.optional(),
  clientCertificate: f.clientCertificate.optional(), plainHttpConfirmed: f.plainHttpConfirmed.optional(),
});
const updateInstanceArgs = z.object({
  id: instanceId, name: f.name.optional(), baseUrl: f.baseUrl.optional(), apiKey: f.apiKey.optional(), proxy: f.proxy.optional(),
  caCertificates: f.caCertificates.optional(), clientCertificate: f.clientCertificate.optional(),
  plainHttpConfirmed: f.plainHttpConfirmed.optional(), keepKeyForNewAddress: f.keepKeyForNewAddress.optional(),
});
const trustArgs = z.object({ id: instanceId, fingerprint256: fingerprintField }).strict();
const inspectArgs = z.object({ pem: z.string().max(64 * 1024) }).strict();

const settingsPatch = z.object({
  theme: z.enum(['light', 'dark', 'system']).optional(),
  language: z.enum(LANGUAGE_SETTINGS as [LanguageSetting, ...LanguageSetting[]]).optional(),
  globalShortcut: z.string().max(100).nullable().optional(),
  quickShortenInstanceId: instanceId.nullable().optional(),
  startAtLogin: z.boolean().optional(),
  keepServingInTray: z.boolean().optional(),
}).strict();
// Passed on to the API, which checks them as it checks any new link.
const quickFields = z.object({
  url: z.string().max(4096),
  alias: z.string().max(200).optional(),
  domain_id: id.optional(),
  expiration_date: z.string().max(20).optional(),
  expiration_time: z.string().max(10).optional(),
  instanceId: instanceId.optional(),
}).strict();

const jobId = z.object({ id: z.uuid() });
const deliveryArgs = z.object({ id, deliveryId: id }).strict();
/** The links a bulk action, an export or a copy works on: ids, or every link a list filter matches. */
const selection = z.union([
  z.object({ ids: z.array(id).min(1).max(100_000) }).strict(),
  z.object({ query }).strict(),
]);
const onConflict = z.enum(['error', 'skip', 'rename', 'update']);
const importFormat = z.enum(IMPORT_FORMATS);
/** Every column of the file with the field it fills (null: not imported), as the person chose. */
const columnMapping = z.array(z.object({ column: z.string().max(1000), field: z.enum(IMPORT_FIELDS).nullable() }).strict()).max(1000);
const bulkAction = z.union([
  z.object({ type: z.literal('delete') }).strict(),
  z.object({ type: z.literal('disable'), disabled: z.union([z.literal(0), z.literal(1)]) }).strict(),
  z.object({ type: z.literal('space'), space_id: id.nullable() }).strict(),
  z.object({ type: z.literal('expiry'), expiration_date: z.string().max(20).nullable(), expiration_time: z.string().max(10).nullable().optional() }).strict(),
]);
const stageArgs = z.object({
  fileName: z.string().min(1).max(255),
  /** The file's bytes, base64 (the renderer reads the chosen file; main keeps a copy for resuming). */
  base64: z.string().max(400 * 1024 * 1024),
}).strict();
const importArgs = z.object({
  stageId: z.uuid(),
  format: importFormat.optional(),
  mapping: columnMapping.optional(),
  instanceId: instanceId.optional(),
  /** Every row goes to this domain (null: the instance's default) instead of the domain the file names. */
  domainId: id.nullable().optional(),
  /** Every row goes to this space instead of the space the file names. */
  spaceId: id.nullable().optional(),
  onConflict: onConflict.optional(),
  /** Given to password-protected links; without it they are imported disabled until a password is set. */
  password: importPasswordSchema.min(1).optional(),
}).strict();
const targetArgs = z.object({ instanceId: instanceId.optional() }).strict();
const previewArgs = z.object({ stageId: z.uuid(), format: importFormat.optional(), mapping: columnMapping.optional() }).strict();
const exportArgs = z.object({ format: z.enum(['csv', 'json']), selection: selection.optional() }).strict();
const copyPlanArgs = z.object({ targetInstanceId: instanceId, selection }).strict();
const bulkArgs = z.object({ selection, action: bulkAction }).strict();
const restoreArgs = z.object({ name: z.string().min(1).max(255) }).strict();
const copyArgs = z.object({
  targetInstanceId: instanceId,
  selection,
  /** Source domain name ('' for the default domain) → target domain id, null (default) or 'create'. */
  domainMap: z.record(z.string().max(255), z.union([id, z.null(), z.literal('create')])),
  onConflict: onConflict.optional(),
}).strict();

const userDeleteArgs = z.object({
  id,
  /** What becomes of the user's links; without it a user who owns links is refused (409, saying how many). */
  links: z.enum(['delete', 'move']).optional(),
  toUserId: id.optional(),
}).strict();

export * from './contract-views.ts';
import type { AppInfo, CertificateInfo, CsvFile, InstanceView, IpcResult, KeyInfo, KeyRotation, Reachability, ServerStatus } from './contract-views.ts';


const entry = <A extends z.ZodType, R>(args: A) => ({ args, result: undefined as unknown as R });

/** A record of a route whose shape the renderer checks itself (the issue 44 calls). */
type ServerRecord = Record<string, unknown>;
const blocklistCheckArgs = z.object({ url: z.string().min(1).max(2048) });

const crud = <T, N extends string>(noun: N) => ({
  [`${noun}.list`]: entry<z.ZodObject<{ query: typeof query }>, Page<T>>(z.object({ query })),
  [`${noun}.get`]: entry<z.ZodObject<{ id: typeof id }>, T>(z.object({ id })),
  [`${noun}.create`]: entry<z.ZodObject<{ data: typeof body }>, T>(z.object({ data: body })),
  [`${noun}.update`]: entry<z.ZodObject<{ id: typeof id; data: typeof body }>, T>(z.object({ id, data: body })),
  [`${noun}.delete`]: entry<z.ZodObject<{ id: typeof id }>, Deleted>(z.object({ id })),
}) as {
  [K in `${N}.list` | `${N}.get` | `${N}.create` | `${N}.update` | `${N}.delete`]:
    K extends `${N}.list` ? { args: z.ZodObject<{ query: typeof query }>; result: Page<T> }
    : K extends `${N}.delete` ? { args: z.ZodObject<{ id: typeof id }>; result: Deleted }
    : K extends `${N}.create` ? { args: z.ZodObject<{ data: typeof body }>; result: T }
    : K extends `${N}.update` ? { args: z.ZodObject<{ id: typeof id; data: typeof body }>; result: T }
    : { args: z.ZodObject<{ id: typeof id }>; result: T };
};

/** After choosing or removing the local server's city database: whether a file was chosen (false: the dialog was cancelled, or removed). */
export interface CityDatabaseChoice { chosen: boolean; settings: LocalServerSettingsView; status: ServerStatus }

export const contract = {
  'app.info': entry<typeof none, AppInfo>(none),
  /** Shows the logs folder in the system's file manager. */
  'app.openLogs': entry<typeof none, { opened: string }>(none),
  'instances.list': entry<typeof none, { instances: InstanceView[]; selectedId: string }>(none),
  'instances.add': entry<typeof addInstanceArgs, InstanceView>(addInstanceArgs),
  /**
   * A new address with a stored key and no new one is refused unless keepKeyForNewAddress says the key may go there;
   * then, as for plainHttpConfirmed and new CA certificates, main asks the user itself and a no is 'declined'.
   */
  'instances.update': entry<typeof updateInstanceArgs, InstanceView>(updateInstanceArgs),
  'instances.remove': entry<z.ZodObject<{ id: typeof instanceId }>, { removed: true }>(z.object({ id: instanceId })),
  /** Selects the instance this window works on. */
  'instances.select': entry<z.ZodObject<{ id: typeof instanceId }>, InstanceView>(z.object({ id: instanceId })),
  /** Test connection: reachability and the key's account. */
  'instances.check': entry<z.ZodObject<{ id: typeof instanceId }>, Reachability>(z.object({ id: instanceId })),
  /** Trusts, for this instance only, the CA certificate with this fingerprint that its server presents now, once main's own dialog says yes. */
  'instances.trustCertificate': entry<typeof trustArgs, InstanceView>(trustArgs),
  /** Reads a PEM certificate file's subject, issuer, validity and fingerprint (for the instance form). */
  'certificates.inspect': entry<typeof inspectArgs, CertificateInfo[]>(inspectArgs),
  'server.status': entry<typeof none, ServerStatus>(none),
  /** Restarts the local server; `port` (null: the default, 8080) and `apiGeneration` are remembered for later starts. */
  'server.restart': entry<typeof serverRestartArgs, ServerStatus>(serverRestartArgs),
  /** The local server's remembered port and API generation. */
  'server.settings': entry<typeof none, LocalServerSettingsView>(none),
  /** Opens the system's file dialog for a city database (.mmdb); a city database is kept and the local server restarted on it, another file refused (validation). */
  'server.cityDatabase.choose': entry<typeof none, CityDatabaseChoice>(none),
  /** Forgets the city database and restarts the local server without cities. */
  'server.cityDatabase.remove': entry<typeof none, CityDatabaseChoice>(none),
  'account.get': entry<typeof none, Account>(none),
  /** A link's statistics for a range (`from`/`to` YYYY-MM-DD in the instance's time zone; none: all time). */
  'stats.get': entry<typeof linkStatsArgs, LinkStats>(linkStatsArgs),
  /** The whole account's statistics for a range, with its top links. */
  'stats.account': entry<typeof statsRange, AccountStats>(statsRange),
  /** The range's statistics as the server's CSV (`dimension,value,clicks` rows): a link's with `id`, else the account's. */
  'stats.export': entry<typeof statsExportArgs, CsvFile>(statsExportArgs),
  /** Follows the window's selected instance's live clicks (one link's with `linkId`), replacing its earlier follow; clicks and the stream's state arrive as live-clicks / live-state pushes carrying the `followId` answered here. */
  'stats.live.start': entry<typeof liveArgs, { ok: true; followId: string }>(liveArgs),
  /** Stops the window's follow. */
  'stats.live.stop': entry<typeof none, { ok: true }>(none),
  /** The app's settings, with the global shortcut's state and where quick shorten goes. */
  'settings.get': entry<typeof none, SettingsView>(none),
  /** A change to some settings; a refused shortcut or login item comes back as a 422-like validation error. */
  'settings.update': entry<typeof settingsPatch, SettingsView>(settingsPatch),
  /** Updates (electron/services/updater.ts): the feed, its state, a check now, and the banner's Restart. */
  'updates.get': entry<typeof none, UpdateView>(none),
  'updates.configure': entry<typeof updateSettingsPatch, UpdateView>(updateSettingsPatch),
  'updates.check': entry<typeof none, UpdateView>(none),
  /** Quits and installs the downloaded update: only on the person's yes. */
  'updates.install': entry<typeof none, { ok: boolean }>(none),
  /** The http(s) address on the clipboard, or why there is none. */
  'quick.peek': entry<typeof none, ClipboardPeek>(none),
  /** The quick-shorten instance's domains, for the quick window's picker. */
  'quick.domains': entry<typeof none, Page<Domain>>(none),
  /** Shortens on the quick-shorten instance (or `instanceId`), copies the short URL and notifies. */
  'quick.shorten': entry<typeof quickFields, QuickShortened>(quickFields),
  ...crud<Domain, 'domains'>('domains'),
  /** Resolves the domain's DNS and reads its certificate now: what is found, what should be, and the status. */
  'domains.dns': entry<z.ZodObject<{ id: typeof id }>, DomainDns>(z.object({ id })),
  ...crud<Link, 'links'>('links'),
  /** Checks a link's destination and targets now; the link with its new health. */
  'links.checkHealth': entry<z.ZodObject<{ id: typeof id }>, Link>(z.object({ id })),
  /** Where the saved link sends this visitor, as its server works it out (rules, then targets, then the URL); nothing is counted. */
  'links.evaluate': entry<typeof evaluateArgs, LinkEvaluation>(evaluateArgs),
  ...crud<Space, 'spaces'>('spaces'),
  ...crud<Pixel, 'pixels'>('pixels'),
  ...crud<Webhook, 'webhooks'>('webhooks'),
  /** The one answer that holds the hook's signing secret. */
  'webhooks.create': entry<z.ZodObject<{ data: typeof body }>, WebhookCreated>(z.object({ data: body })),
  /** A hook's recent deliveries, newest first. */
  'webhooks.deliveries': entry<z.ZodObject<{ id: typeof id; query: typeof query }>, Page<WebhookDelivery>>(z.object({ id, query })),
  /** One delivery with every attempt and the body it sends. */
  'webhooks.delivery': entry<typeof deliveryArgs, WebhookDeliveryDetail>(deliveryArgs),
  /** Sends a delivery again now (same body, same id); the delivery, pending. */
  'webhooks.redeliver': entry<typeof deliveryArgs, WebhookDelivery>(deliveryArgs),
  /** Queues a webhook.test delivery; the new delivery. */
  'webhooks.test': entry<z.ZodObject<{ id: typeof id }>, WebhookDelivery>(z.object({ id })),

  /** Long work in main: imports, exports, copies and bulk actions (electron/services/jobs.ts). */
  'jobs.list': entry<typeof none, JobView[]>(none),
  'jobs.get': entry<typeof jobId, JobView>(jobId),
  'jobs.pause': entry<typeof jobId, JobView>(jobId),
  /** Continues a paused job, or an import the app was closed under. */
  'jobs.resume': entry<typeof jobId, JobView>(jobId),
  'jobs.cancel': entry<typeof jobId, JobView>(jobId),
  /** The file a job made: an export, or the report of rejected rows. */
  'jobs.file': entry<typeof jobId, JobFile>(jobId),
  /** Deletes, disables or enables, moves to a space, or sets or clears the expiry of the selected links; a job. */
  'links.bulk': entry<typeof bulkArgs, JobView>(bulkArgs),
  /** Keeps a copy of an import file and reads its format, mapping and first rows. */
  'transfer.stage': entry<typeof stageArgs, ImportPreview>(stageArgs),
  /** The staged file read as another format, or with the columns mapped as the person chose. */
  'transfer.preview': entry<typeof previewArgs, ImportPreview>(previewArgs),
  /** An import's rejected rows and the links it wrote (of the job `id`). */
  'transfer.importResult': entry<typeof jobId, ImportOutcome>(jobId),
  /** The domains and spaces an import can put every row on, of the selected instance (or `instanceId`); spaces null where not offered. */
  'transfer.targetOptions': entry<typeof targetArgs, { domains: { id: number; name: string }[]; spaces: { id: number; name: string }[] | null }>(targetArgs),
  /** Imports a staged file into the selected instance (or `instanceId`); a job that can pause, resume and report. */
  'transfer.import': entry<typeof importArgs, JobView>(importArgs),
  /** Exports the selected links (or all) of the selected instance as Linkdesk CSV or JSON; a job whose file is the export. */
  'transfer.export': entry<typeof exportArgs, JobView>(exportArgs),
  /** What copying the selection to another instance would map and create. */
  'transfer.copyPlan': entry<typeof copyPlanArgs, CopyPlan>(copyPlanArgs),
  /** Copies the selected links of the selected instance to another; a job with a report. */
  'transfer.copy': entry<typeof copyArgs, JobView>(copyArgs),
  /** The instance's own key: scopes, expiry, domain ('unsupported' on a server without /keys). */
  'instances.keyInfo': entry<z.ZodObject<{ id: typeof instanceId }>, KeyInfo>(z.object({ id: instanceId })),
  /**
   * Rotate key: a new key with the same scopes and domain made through the API, stored in the keychain,
   * checked, and only then the old one revoked. Nothing is lost whichever step fails.
   */
  'instances.rotateKey': entry<z.ZodObject<{ id: typeof instanceId }>, KeyRotation>(z.object({ id: instanceId })),
  /** Copies a link's short URL to the clipboard, once it is checked to be an http(s) address. */
  'links.copyShortUrl': entry<z.ZodObject<{ id: typeof id }>, { copied: string }>(z.object({ id })),
  /** Users (admins only): list with filters role/status, create {name, role}, update {name, role, status}, delete. */
  'users.list': entry<z.ZodObject<{ query: typeof query }>, Page<User>>(z.object({ query })),
  'users.create': entry<z.ZodObject<{ data: typeof body }>, User>(z.object({ data: body })),
  'users.update': entry<z.ZodObject<{ id: typeof id; data: typeof body }>, User>(z.object({ id, data: body })),
  'users.delete': entry<typeof userDeleteArgs, Deleted>(userDeleteArgs),
  /** API keys: one's own, or (admin) everyone's with query.user_id to pick one user. */
  'keys.list': entry<z.ZodObject<{ query: typeof query }>, Page<ApiKey>>(z.object({ query })),
  /** The selected instance's own key. */
  'keys.current': entry<typeof none, ApiKey>(none),
  /** {name, scopes[], expires_at, domain_id, user_id}: the answer holds the key, shown once. */
  'keys.create': entry<z.ZodObject<{ data: typeof body }>, ApiKeyCreated>(z.object({ data: body })),
  /** Renames a key ({name}). */
  'keys.update': entry<z.ZodObject<{ id: typeof id; data: typeof body }>, ApiKey>(z.object({ id, data: body })),
  'keys.revoke': entry<z.ZodObject<{ id: typeof id }>, Deleted>(z.object({ id })),
  /** The audit log (admins only), newest first; query: user_id, action, target_type, target_id, from, to, page, per_page. */
  'audit.list': entry<z.ZodObject<{ query: typeof query }>, Page<AuditEntry>>(z.object({ query })),
  /** The audit log with the same filters, as one CSV file. */
  'audit.export': entry<z.ZodObject<{ query: typeof query }>, CsvFile>(z.object({ query })),
  /** The local instance's backups, newest first. */
  'backups.list': entry<typeof none, BackupsView>(none),
  /** A consistent copy of the local database, taken while it serves. */
  'backups.create': entry<typeof none, BackupView>(none),
  /** Replaces the local database with a backup and restarts the local server. */
  'backups.restore': entry<typeof restoreArgs, ServerStatus>(restoreArgs),
  // Issue 44, admins only: the blocklist, banned links and visitors' reports (electron/services/safety-handlers.ts).
  // Answered as the server sent them; the renderer reads them with the shapes of renderer/src/api/safety-types.ts.
  /** GET /blocklist: the manual hosts and keywords, and the imported lists' counts. */
  'blocklist.get': entry<typeof none, ServerRecord>(none),
  /** PUT /blocklist {hosts, keywords}: replaces the manual entries. */
  'blocklist.update': entry<z.ZodObject<{ data: typeof body }>, ServerRecord>(z.object({ data: body })),
  /** GET /blocklist/check?url=: the entry that blocks a URL, or null. */
  'blocklist.check': entry<typeof blocklistCheckArgs, ServerRecord>(blocklistCheckArgs),
  /** GET /bans: every banned link with its reason, the newest ban first. */
  'bans.list': entry<z.ZodObject<{ query: typeof query }>, Page<ServerRecord>>(z.object({ query })),
  /** POST /links/{id}/ban {reason, legal}. */
  'bans.banLink': entry<z.ZodObject<{ id: typeof id; data: typeof body }>, Link>(z.object({ id, data: body })),
  /** DELETE /links/{id}/ban {reason}. */
  'bans.lift': entry<z.ZodObject<{ id: typeof id; data: typeof body }>, Link>(z.object({ id, data: body })),
  /** POST /bans/hosts {host, reason, legal}: every link to the host, of every user. */
  'bans.banHost': entry<z.ZodObject<{ data: typeof body }>, ServerRecord>(z.object({ data: body })),
  /** GET /reports: visitors' reports grouped by link, the most recently reported first. */
  'reports.list': entry<z.ZodObject<{ query: typeof query }>, Page<ServerRecord>>(z.object({ query })),
  /** POST /reports/{id}/dismiss. */
  'reports.dismiss': entry<z.ZodObject<{ id: typeof id }>, ServerRecord>(z.object({ id })),
  /** POST /reports/dismiss {link_id}: every open report of a link. */
  'reports.dismissLink': entry<z.ZodObject<{ linkId: typeof id }>, ServerRecord>(z.object({ linkId: id })),
};

export type Contract = typeof contract;
export type CallName = keyof Contract;
export type CallArgs<N extends CallName> = z.input<Contract[N]['args']>;
export type CallResult<N extends CallName> = Contract[N]['result'];
export const CALL_NAMES = Object.keys(contract) as CallName[];
export const isCallName = (name: unknown): name is CallName => typeof name === 'string' && Object.hasOwn(contract, name);

/** What preload exposes as `window.linkdesk`. */
export interface LinkdeskBridge {
  invoke<N extends CallName>(name: N, args?: CallArgs<N>): Promise<IpcResult<CallResult<N>>>;
  /** Main's commands to this window (one listener; commands sent before it was set are delivered to it). Absent outside the app. */
  onCommand?(listener: (command: AppCommand) => void): () => void;
}
