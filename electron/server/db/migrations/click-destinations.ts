// Migration 16 (issue 34): the raw log keeps where each click was sent (the
// destination as configured: the rule's, target's or link's URL, without the
// visitor's query), so folding and re-rolling keep statistics' `destinations`
// (rollup dimension 14, click-rollup.ts). Nullable without a default: both
// engines add it without rewriting the table.
import type { Migration } from '../migration-list.ts';

export const clickDestinations: Migration = {
  version: 16,
  name: 'click_destinations',
  sql: `
ALTER TABLE click_log ADD COLUMN destination TEXT;
`,
  postgres: `
ALTER TABLE click_log ADD COLUMN destination text;
`,
};
