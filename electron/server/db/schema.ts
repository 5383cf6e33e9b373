// Kysely's view of the tables in migrations.ts.
import type { Generated } from 'kysely';

export interface UsersTable {
  id: Generated<number>; name: string; created_at: string;
  /** 'admin' | 'member' (migration 9). */
  role: Generated<string>;
  /** 'active' | 'suspended': a suspended user's keys are all refused. */
  status: Generated<string>;
  /** 1: suspended with links=stop, every link of theirs stops redirecting (migration 17). */
  links_stopped: Generated<number>;
  /** Links this user may create a minute / a day; null: the instance's default (migration 17). */
  link_limit_minute: number | null;
  link_limit_day: number | null;
}
export interface ApiKeysTable {
  id: Generated<number>; user_id: number; prefix: string; hash: string;
  created_at: string; last_used_at: string | null; revoked_at: string | null;
  name: Generated<string>;
  /** JSON array of scopes (shared/scopes.ts); '[]' grants nothing. */
  scopes: Generated<string>;
  /** ISO 8601 UTC; null: never expires. */
  expires_at: string | null;
  /** The one domain the key is restricted to; null: every domain of its user. */
  domain_id: number | null;
  /** The key that made this one through the API; null for the CLI, the desktop app and keys older than migration 9. */
  created_by_key_id: number | null;
}
export interface AuditLogTable {
  id: Generated<number>;
  /** ISO 8601 UTC. */
  at: string;
  user_id: number | null;
  /** The user's name when the entry was written (entries outlive users). */
  user_name: string | null;
  /** `ldk_XXXXXXXX`: the public lookup prefix, never the key. */
  key_prefix: string | null;
  /** 'api' | 'cli' */
  source: string;
  action: string;
  target_type: string;
  target_id: number | null;
  /** JSON array of the names of the fields the change carried; never their values. */
  fields: string;
  ip: string | null;
}
export interface DomainsTable {
  id: Generated<number>; user_id: number; name: string; index_page: string | null; not_found_page: string | null;
  created_at: string; updated_at: string;
}
export interface SpacesTable { id: Generated<number>; user_id: number; name: string; color: string; created_at: string; updated_at: string }
export interface PixelsTable {
  id: Generated<number>; user_id: number; name: string; type: string; pixel_id: string; created_at: string; updated_at: string;
}
export interface LinksTable {
  id: Generated<number>;
  user_id: number;
  domain_id: number | null;
  space_id: number | null;
  alias: string;
  url: string;
  title: string | null;
  password_hash: string | null;
  privacy: number;
  privacy_password_hash: string | null;
  disabled: number;
  expiration_url: string | null;
  /** Migration 17: when a threat check could not be made (ms epoch); null: checked. */
  abuse_check_due?: number | null;
  expiration_date: string | null;
  expiration_time: string | null;
  /** Unix milliseconds, UTC. */
  ends_at: number | null;
  expiration_clicks: number | null;
  target_type: number;
  /** JSON: { country?: [{key,value}], platform?: …, language?: …, rotation?: [{value}] } */
  targets: string;
  rotation_next: Generated<number>;
  created_at: string;
  updated_at: string;
  /** The card link-preview crawlers get (migration 7); absolute http(s) image URL. */
  preview_title: string | null;
  preview_description: string | null;
  preview_image: string | null;
  /** 'ok' | 'broken' | 'unknown', as the destination checker last found it. */
  health: Generated<string>;
  /** For 'broken': the status code or the network error. */
  health_detail: string | null;
  /** Unix milliseconds of the last check; null: never checked. */
  health_checked_at: number | null;
  /** The active period's start (migration 15), Unix milliseconds UTC; null: active from creation. */
  starts_at: number | null;
  /** 1: a warning page comes before the redirect. */
  sensitive_content: number;
  /** JSON list of rules (issue 34's `rules`), as validated; null: none. */
  rules: string | null;
  /** Unix ms of the ban (migration 17); null: not banned. A banned link never redirects. */
  banned_at: number | null;
  ban_reason: string | null;
  /** 1: a legal block (HTTP 451). */
  ban_legal: Generated<number>;
  /** 'blocklist' | 'threat' | 'report' | 'admin' | 'host' */
  ban_source: string | null;
}
export interface LinkCreationsTable { user_id: number; minute: number; count: number }
/** A ban ('ban') or its lift ('unban') with its reason; `user_id`: the admin, null for the re-check. */
export interface BanEventsTable {
  id: Generated<number>; link_id: number; action: string; reason: string; legal: Generated<number>; source: string; user_id: number | null; at: number;
}
export interface BannedHostsTable { id: Generated<number>; host: string; reason: string; legal: Generated<number>; created_at: number }
export interface WebhooksTable {
  id: Generated<number>;
  user_id: number;
  url: string;
  /** JSON array of event names. */
  events: string;
  /** The HMAC-SHA256 signing secret (needed to sign each delivery). */
  secret: string;
  disabled: Generated<number>;
  /** The last click_log id delivered as link.clicked for this hook. */
  click_cursor: Generated<number>;
  created_at: string;
  updated_at: string;
}
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  event: string;
  /** The JSON body, exactly as sent. */
  payload: string;
  /** 'pending' | 'delivered' | 'failed' */
  state: Generated<string>;
  attempts: Generated<number>;
  /** Unix milliseconds. */
  next_attempt_at: number;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
  finished_at: number | null;
  /** Being sent until then (Unix ms); null: not being sent. */
  leased_until: number | null;
  /** A redelivery's start: the retry window counts from here rather than created_at. */
  retry_from: number | null;
  /** 1: the next attempt was asked for by hand. */
  redeliver: Generated<number>;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  /** Unix milliseconds. */
  started_at: number;
  duration_ms: number;
  status: number | null;
  error: string | null;
  /** The start of the receiver's answer (at most ATTEMPT_ANSWER_CHARS), as text. */
  response: string | null;
  redelivery: Generated<number>;
}
export interface LinkPixelsTable { link_id: number; pixel_id: number }
export interface LinkClicksTable { link_id: number; user_id: number; clicks: Generated<number> }
export interface ClickLogTable {
  id: Generated<number>; link_id: number; created_at: number;
  country: string | null; platform: string | null; browser: string | null; language: string | null; referrer: string | null;
}
/** Rollups; `day` counts days since 1970-01-01 in the instance's time zone (util/days.ts). */
/** `dims`: JSON object of "dimension:value" -> clicks (dimension numbers in click-store.ts). */
export interface ClickDaysTable { link_id: number; day: number; user_id: number; clicks: number; dims: string }
export interface AccountDaysTable { user_id: number; day: number; clicks: number }
export interface AccountDimsTable { user_id: number; dim: number; day: number; value: string; clicks: number }
/** account_dims summed per month; `month` is the day number of the month's first day (migration 14). */
export interface AccountMonthDimsTable { user_id: number; dim: number; month: number; value: string; clicks: number }
export interface ClickStateTable { name: string; value: number }
export interface LinkPurgesTable { link_id: number; user_id: number; next_log_id: number; last_log_id: number }
export interface RedirectChangesTable { seq: Generated<number>; domain_id: number | null; alias: string | null; host: string | null; at: number }
export interface InstanceSecretsTable { name: string; value: string; created_at: string }
export interface LinkCountsTable { user_id: number; total: number; disabled: number }
/** Visitors' reports of a link (migration 17); times in Unix ms; `ip_hash`: an HMAC of the address, never the address. */
export interface LinkReportsTable {
  id: Generated<number>; link_id: number; reason: string; details: string; created_at: number;
  status: string; resolved_by: number | null; resolved_at: number | null; ip_hash: string;
}
export interface DB {
  users: UsersTable;
  api_keys: ApiKeysTable;
  domains: DomainsTable;
  spaces: SpacesTable;
  pixels: PixelsTable;
  links: LinksTable;
  link_pixels: LinkPixelsTable;
  link_clicks: LinkClicksTable;
  click_log: ClickLogTable;
  click_days: ClickDaysTable;
  account_days: AccountDaysTable;
  account_dims: AccountDimsTable;
  account_month_dims: AccountMonthDimsTable;
  click_state: ClickStateTable;
  link_purges: LinkPurgesTable;
  redirect_changes: RedirectChangesTable;
  link_counts: LinkCountsTable;
  instance_secrets: InstanceSecretsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  audit_log: AuditLogTable;
  blocklist: BlocklistTable;
  blocklist_state: BlocklistStateTable;
  link_reports: LinkReportsTable;
  link_creations: LinkCreationsTable;
  banned_hosts: BannedHostsTable;
  ban_events: BanEventsTable;
}

/** Migration 17: hosts (`evil.com`, `*.evil.com`) and keywords links may not point at or contain. */
export interface BlocklistTable {
  id: Generated<number>;
  kind: 'host' | 'keyword';
  value: string;
  /** 'manual' | 'urlhaus' | 'phishtank' | 'hosts' */
  source: Generated<string>;
  note: string | null;
  /** ISO 8601 UTC. */
  created_at: string;
}
/** One row: raised on every blocklist write, so other processes reload; imports: JSON {source: {at, entries, file}}. */
export interface BlocklistStateTable { id: number; generation: number; imports: Generated<string> }
