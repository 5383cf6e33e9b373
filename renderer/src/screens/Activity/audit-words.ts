// The audit log's actions and targets as the Activity screen offers them.
// Actions are `target.verb` (electron/server/auth/policy.ts names them); the
// list holds the ones the API and the command line write.
import type { AUDIT_TARGET_TYPES } from '../../../../shared/schemas/admin.ts';

type Target = (typeof AUDIT_TARGET_TYPES)[number];

export const TARGET_WORDS: Record<Target, string> = {
  link: 'Link', domain: 'Domain', space: 'Space', pixel: 'Pixel', webhook: 'Webhook', user: 'User', key: 'Key',
};

const VERBS: Record<Target, string[]> = {
  link: ['create', 'update', 'delete', 'bulk_create', 'bulk_update', 'bulk_delete', 'health_check'],
  domain: ['create', 'update', 'delete'],
  space: ['create', 'update', 'delete'],
  pixel: ['create', 'update', 'delete'],
  webhook: ['create', 'update', 'delete', 'test'],
  user: ['create', 'update', 'suspend', 'restore', 'role', 'delete'],
  key: ['create', 'update', 'revoke'],
};

/** Grouped by target for the Select: `link.create`… */
export const ACTION_OPTIONS = (Object.keys(VERBS) as Target[]).map((t) => ({
  group: TARGET_WORDS[t],
  items: VERBS[t].map((v) => `${t}.${v}`),
}));
