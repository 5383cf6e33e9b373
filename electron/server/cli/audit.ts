// Changes made on the command line are audit entries too: no user or key,
// the operating-system account that ran the command, no address.
import type { Kysely } from 'kysely';
import { userInfo } from 'node:os';
import { createAuditRepository, type AuditRepository } from '../db/repositories/audit-repository.ts';
import type { DB } from '../db/schema.ts';

function account(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

/** Several entries in as few statements as can be (a user deleted with its 100,000 links). */
export async function auditCliAll(to: Kysely<DB> | AuditRepository, entries: { action: string; targetType: string; targetId: number | null; fields: string[] }[]): Promise<void> {
  const repo = 'record' in to ? to : createAuditRepository(to);
  const name = `CLI (${account()})`;
  await repo.recordAll(entries.map((e) => ({ userId: null, userName: name, keyPrefix: null, source: 'cli' as const, ip: null, ...e, fields: [...e.fields].sort() })));
}

export async function auditCli(to: Kysely<DB> | AuditRepository, e: { action: string; targetType: string; targetId: number | null; fields: string[] }): Promise<void> {
  const repo = 'record' in to ? to : createAuditRepository(to);
  await repo.record({
    userId: null, userName: `CLI (${account()})`, keyPrefix: null, source: 'cli', ip: null, ...e, fields: [...e.fields].sort(),
  });
}
