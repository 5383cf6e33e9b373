// The audit log's actions and targets as the Activity screen offers them.
// Actions are `target.verb` (electron/server/auth/policy.ts names them); the
// list holds the ones the API and the command line write.
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { AUDIT_TARGET_TYPES } from '../../../../shared/schemas/admin.ts';

type Target = (typeof AUDIT_TARGET_TYPES)[number];

export const TARGET_WORDS: Record<Target, MessageDescriptor> = defineMessages({
  link: { id: 'app.activity.target.link', defaultMessage: 'Link', description: 'What an audit entry is about' },
  domain: { id: 'app.activity.target.domain', defaultMessage: 'Domain', description: 'What an audit entry is about' },
  space: { id: 'app.activity.target.space', defaultMessage: 'Space', description: 'What an audit entry is about' },
  pixel: { id: 'app.activity.target.pixel', defaultMessage: 'Pixel', description: 'What an audit entry is about' },
  webhook: { id: 'app.activity.target.webhook', defaultMessage: 'Webhook', description: 'What an audit entry is about' },
  user: { id: 'app.activity.target.user', defaultMessage: 'User', description: 'What an audit entry is about' },
  key: { id: 'app.activity.target.key', defaultMessage: 'Key', description: 'What an audit entry is about' },
});

const VERBS: Record<Target, string[]> = {
  link: ['create', 'update', 'delete', 'bulk_create', 'bulk_update', 'bulk_delete', 'health_check'],
  domain: ['create', 'update', 'delete'],
  space: ['create', 'update', 'delete'],
  pixel: ['create', 'update', 'delete'],
  webhook: ['create', 'update', 'delete', 'test'],
  user: ['create', 'update', 'suspend', 'restore', 'role', 'delete'],
  key: ['create', 'update', 'revoke'],
};

/** Grouped by target for the Select: `link.create`… (the actions themselves are codes, kept as they are). */
export const actionOptions = (intl: IntlShape) => (Object.keys(VERBS) as Target[]).map((t) => ({
  group: intl.formatMessage(TARGET_WORDS[t]),
  items: VERBS[t].map((v) => `${t}.${v}`),
}));
