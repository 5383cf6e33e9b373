// Migration 12 (issue 32): revoking a key can revoke the keys it made, and
// theirs (`DELETE /keys/{id}?cascade=1`). The column has been written since
// migration 9; this indexes it, so following a lineage reads only the keys a
// key made instead of every key of the instance.
import type { Migration } from '../migration-list.ts';

export const keyLineage: Migration = {
  version: 12,
  name: 'key_lineage',
  sql: `
CREATE INDEX api_keys_created_by ON api_keys(created_by_key_id) WHERE created_by_key_id IS NOT NULL;
`,
  postgres: `
CREATE INDEX api_keys_created_by ON api_keys(created_by_key_id) WHERE created_by_key_id IS NOT NULL;
`,
};
