// Users, API keys and the audit log (/api/v1/users, /keys, /audit): request
// and response shapes, and the types the code uses (drift guards at the bottom).
import { z } from 'zod';
import { PER_PAGE_VALUES } from '../constants.ts';
import { SCOPES, USER_ROLES, USER_STATUSES, type Scope, type UserRole, type UserStatus } from '../scopes.ts';
import { clearable, dateString, id, int, isoInstant, list, oneOf, oneOfStrings, str, userName, UTC_CLOCK, type WallClock } from './fields.ts';
import { same } from './same-type.ts';

export interface User {
  id: number; name: string; role: UserRole; status: UserStatus;
  /** Links the user owns. */
  links_count: number;
  /** The last time any of the user's keys was used (recorded at most once a minute); null: never. */
  last_active_at: string | null;
  /** While suspended: whether the user's links keep redirecting ('keep', the default) or stop ('stop'); 'keep' while active. */
  links: 'keep' | 'stop';
  /** Links the user may create a minute and a day; null: the instance's default (--links-per-minute, --links-per-day). */
  link_limit_minute: number | null;
  link_limit_day: number | null;
  created_at: string;
}
export interface ApiKey {
  id: number;
  user: { id: number; name: string };
  name: string;
  /** `ldk_XXXXXXXX`: the public part; the key itself is shown once, when it is made. */
  prefix: string;
  scopes: Scope[];
  expires_at: string | null;
  domain_id: number | null;
  status: 'active' | 'expired' | 'revoked';
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** The key that made this one through the API; null for keys made on the host (CLI, desktop app). */
  created_by_key_id: number | null;
  /** True for the key this request was made with. */
  current: boolean;
}
/** The create answer: the only time the key is shown. */
export interface ApiKeyCreated extends ApiKey { key: string }
export interface AuditEntry {
  id: number;
  at: string;
  user: { id: number | null; name: string | null };
  key_prefix: string | null;
  /** system: the server itself (the scheduled re-check banning a link, issue 44). */
  source: 'api' | 'cli' | 'system';
  action: string;
  target_type: string;
  target_id: number | null;
  /** Names of the fields the change carried; never a value. */
  fields: string[];
  ip: string | null;
}

const page = { per_page: oneOf('per_page', PER_PAGE_VALUES).default(10), page: int('page', 1).default(1) };

export const userCreateSchema = z.object({
  name: userName(),
  role: oneOfStrings('role', USER_ROLES).default('member'),
});
export type UserCreateInput = z.infer<typeof userCreateSchema>;
export const userUpdateSchema = z.object({
  name: userName().optional(),
  role: oneOfStrings('role', USER_ROLES).optional(),
  status: oneOfStrings('status', USER_STATUSES).optional(),
  links: oneOfStrings('links', ['keep', 'stop'] as const).optional()
    .describe("With status=suspended (or for a suspended user): keep (the default) leaves the user's links redirecting, stop stops them all until the user is restored"),
  link_limit_minute: clearable(int('link_limit_minute', 1, 1_000_000))
    .describe("Links the user may create a minute; null or '' for the instance's default"),
  link_limit_day: clearable(int('link_limit_day', 1, 100_000_000))
    .describe("Links the user may create a day; null or '' for the instance's default"),
});
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;
export const userListQuerySchema = z.object({
  role: oneOfStrings('role', USER_ROLES).optional(),
  status: oneOfStrings('status', USER_STATUSES).optional(),
  ...page,
});
export const userDeleteQuerySchema = z.object({
  /** What becomes of the user's links: refused (409) without it while there are any. */
  links: oneOfStrings('links', ['delete', 'move'] as const).optional(),
  to_user_id: id('to_user_id').optional(),
});

/** POST /keys; a date or time without an offset in `expires_at` is read on `clock` (the instance's time zone). */
export const keyCreateSchemaIn = (clock: WallClock) => z.object({
  name: str('name').optional(),
  /** None given: the creating key's own scopes. */
  scopes: list('scopes', oneOfStrings('scopes.*', SCOPES), SCOPES.length).optional(),
  expires_at: isoInstant('expires_at', clock).optional(),
  domain_id: id('domain_id').optional(),
  /** Admins only: the user the key is for (default: the creator's own user). */
  user_id: id('user_id').optional(),
});
export const keyCreateSchema = keyCreateSchemaIn(UTC_CLOCK);
export type KeyCreateInput = z.input<typeof keyCreateSchema>;
/** What PATCH /keys/{id} takes: a new name, and changes that only narrow the key. */
export const KEY_UPDATE_FIELDS = ['name', 'scopes', 'expires_at', 'domain_id'] as const;
export const keyUpdateSchemaIn = (clock: WallClock) => z.strictObject({
  name: str('name').optional(),
  /** A subset of the key's scopes. */
  scopes: list('scopes', oneOfStrings('scopes.*', SCOPES), SCOPES.length).optional(),
  /** An earlier expiry, or one for a key that had none; null (no expiry) only for a key that never expires. */
  expires_at: clearable(isoInstant('expires_at', clock)),
  /** A domain restriction for an unrestricted key; null only for a key that is not restricted. */
  domain_id: clearable(id('domain_id')),
}, {
  // A field this route does not know would otherwise be dropped and the answer say 200 as if it were applied.
  error: (issue) => (issue.code === 'unrecognized_keys'
    ? `Unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}: a key's ${KEY_UPDATE_FIELDS.join(', ')} can be changed.`
    : undefined),
});
export const keyUpdateSchema = keyUpdateSchemaIn(UTC_CLOCK);
export type KeyUpdateInput = z.infer<typeof keyUpdateSchema>;
/** DELETE /keys/{id}: cascade=1 revokes the keys it made too, transitively. */
export const keyRevokeQuerySchema = z.object({ cascade: oneOf('cascade', [0, 1] as const).optional() });
export const keyListQuerySchema = z.object({
  /** Admins only: one user's keys (default: everyone's for an admin key, else one's own). */
  user_id: id('user_id').optional(),
  state: oneOfStrings('state', ['active', 'revoked'] as const).optional(),
  ...page,
});

export const AUDIT_TARGET_TYPES = ['link', 'domain', 'space', 'pixel', 'webhook', 'user', 'key'] as const;
export const auditListQuerySchema = z.object({
  user_id: id('user_id').optional(),
  action: str('action', 64).regex(/^[a-z_]+\.[a-z_]+$/, 'The action must look like link.create.').optional(),
  target_type: oneOfStrings('target_type', AUDIT_TARGET_TYPES).optional(),
  target_id: id('target_id').optional(),
  /** Days in the instance's time zone, both inclusive. */
  from: dateString('from').optional(),
  to: dateString('to').optional(),
  ...page,
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
export const auditExportQuerySchema = auditListQuerySchema.omit({ page: true, per_page: true });

const timestamp = z.string().describe('ISO 8601, UTC');
export const userSchema = z.object({
  id: z.number().int(), name: z.string(), role: z.enum(USER_ROLES), status: z.enum(USER_STATUSES),
  links_count: z.number().int(), last_active_at: timestamp.nullable(),
  links: z.enum(['keep', 'stop']).describe("While suspended: keep, the user's links redirect as before; stop, they answer a page saying the link is disabled (403). keep while active"),
  link_limit_minute: z.number().int().nullable().describe("Links the user may create a minute; null: the instance's default (--links-per-minute)"),
  link_limit_day: z.number().int().nullable().describe("Links the user may create a day; null: the instance's default (--links-per-day)"),
  created_at: timestamp,
}).meta({ id: 'User' });
export const apiKeySchema = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string() }),
  name: z.string(),
  prefix: z.string().describe('ldk_ and the 8-character lookup prefix; never the key'),
  scopes: z.array(z.enum(SCOPES)).describe('A write scope includes its read'),
  expires_at: timestamp.nullable(),
  domain_id: z.number().int().nullable().describe('The one domain the key sees and creates links on; null: all of its user\'s'),
  status: z.enum(['active', 'expired', 'revoked']),
  created_at: timestamp,
  last_used_at: timestamp.nullable(),
  revoked_at: timestamp.nullable(),
  created_by_key_id: z.number().int().nullable().describe('The key that made this one through the API; null for keys made on the host (CLI, desktop app)'),
  current: z.boolean().describe('The key this request was made with'),
}).meta({ id: 'ApiKey' });
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string().describe('The key itself: shown this once, never again') }).meta({ id: 'ApiKeyCreated' });
export const keyRevokedSchema = z.object({
  id: z.number().int(), object: z.literal('key'), deleted: z.literal(true),
  revoked_ids: z.array(z.number().int()).describe('Every key this call revoked: the one named and, with cascade=1, those it made'),
  status: z.literal(200),
}).meta({ id: 'KeyRevoked' });
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: timestamp,
  user: z.object({ id: z.number().int().nullable(), name: z.string().nullable() }),
  key_prefix: z.string().nullable(),
  source: z.enum(['api', 'cli', 'system']).describe('system: the server itself, e.g. the scheduled re-check banning a link'),
  action: z.string().describe('resource.verb: link.create, user.update, key.revoke…'),
  target_type: z.string(),
  target_id: z.number().int().nullable(),
  fields: z.array(z.string()).describe('Names of the fields the change carried; never a value'),
  ip: z.string().nullable(),
}).meta({ id: 'AuditEntry' });

same<z.infer<typeof userSchema>, User>(true);
same<z.infer<typeof apiKeySchema>, ApiKey>(true);
same<z.infer<typeof apiKeyCreatedSchema>, ApiKeyCreated>(true);
same<z.infer<typeof auditEntrySchema>, AuditEntry>(true);
