// 'links.bulk': one change (or deletion) applied to many links, a thousand
// ids per request through the bulk routes. A server without them (any
// seed-only server) answers 404, and the rest goes one request per link.
// Between chunks the job can be cancelled; a chunk already sent is finished.
import type { CallArgs } from '../../../shared/contract.ts';
import type { ApiClient } from '../api-client.ts';
import { ServiceError } from '../errors.ts';
import type { JobControl } from '../jobs.ts';
import { isMissingRoute } from '../errors.ts';
import { fileDay } from '../../server/transfer/write.ts';
import { setReport } from './selection-report.ts';
import { t } from '../i18n/current.ts';
import { bulkProgress } from './job-messages.ts';

export type BulkAction = CallArgs<'links.bulk'>['action'];
export const BULK_CHUNK = 1000;
/** Smaller chunks one link at a time, so progress moves and Cancel is heard. */
const SINGLE_CHUNK = 50;
const PARALLEL = 6;

interface Outcome { id: number; ok: boolean; field: string; reason: string }

/** The PATCH body's changes; null for a deletion. */
export function changesOf(action: BulkAction): Record<string, unknown> | null {
  switch (action.type) {
    case 'delete': return null;
    case 'disable': return { disabled: action.disabled };
    case 'space': return { space_id: action.space_id };
    case 'expiry': return action.expiration_date === null
      ? { expiration_date: null, expiration_time: null }
      : { expiration_date: action.expiration_date, ...(action.expiration_time ? { expiration_time: action.expiration_time } : {}) };
  }
}

const firstError = (item: { message?: unknown; errors?: unknown }): { field: string; reason: string } => {
  const errors = item.errors && typeof item.errors === 'object' ? Object.entries(item.errors as Record<string, unknown>) : [];
  const [field, msgs] = errors[0] ?? ['link', null];
  const reason = Array.isArray(msgs) && typeof msgs[0] === 'string' ? msgs[0] : typeof item.message === 'string' ? item.message : 'Rejected.';
  return { field, reason };
};

async function bulkChunk(client: ApiClient, ids: number[], changes: Record<string, unknown> | null): Promise<Outcome[]> {
  const body = await client.request(changes ? 'PATCH' : 'DELETE', '/links/bulk', { body: changes ? { ids, changes } : { ids } });
  if (!Array.isArray(body.data)) throw new ServiceError('not-linkdesk', 'The server answered the bulk request without its items.');
  const byId = new Map((body.data as Record<string, unknown>[]).map((item) => [Number(item.id), item]));
  return ids.map((id) => {
    const item = byId.get(id);
    if (!item) return { id, ok: false, field: 'link', reason: 'The server did not answer for this link.' };
    if (item.result === 'updated' || item.result === 'deleted') return { id, ok: true, field: '', reason: '' };
    return { id, ok: false, ...(item.status === 404 ? { field: 'link', reason: 'The link no longer exists.' } : firstError(item)) };
  });
}

async function singleOne(client: ApiClient, id: number, changes: Record<string, unknown> | null): Promise<Outcome> {
  try {
    if (changes) await client.request('PUT', `/links/${id}`, { body: changes });
    else await client.request('DELETE', `/links/${id}`);
    return { id, ok: true, field: '', reason: '' };
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    if (err.error.status === 404) return { id, ok: false, field: 'link', reason: 'The link no longer exists.' };
    if (err.error.kind !== 'validation') throw err;
    const [field, msgs] = Object.entries(err.error.fields ?? {})[0] ?? ['link', [err.error.message]];
    return { id, ok: false, field, reason: msgs[0] ?? err.error.message };
  }
}

async function singleChunk(client: ApiClient, ids: number[], changes: Record<string, unknown> | null): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (let i = 0; i < ids.length; i += PARALLEL) {
    out.push(...await Promise.all(ids.slice(i, i + PARALLEL).map((id) => singleOne(client, id, changes))));
  }
  return out;
}

/** Applies the action to `ids`, reporting progress on `ctl`; rejected links go to the job's report. */
export async function runBulk(client: ApiClient, ids: number[], action: BulkAction, ctl: JobControl): Promise<void> {
  const changes = changesOf(action);
  let bulk = true;
  let updated = 0;
  const rejected: Outcome[] = [];
  ctl.progress({ total: ids.length, done: 0 });
  for (let i = 0; i < ids.length; ) {
    await ctl.checkpoint();
    const chunk = ids.slice(i, i + (bulk ? BULK_CHUNK : SINGLE_CHUNK));
    let outcomes: Outcome[];
    try {
      outcomes = bulk ? await bulkChunk(client, chunk, changes) : await singleChunk(client, chunk, changes);
    } catch (err) {
      if (!bulk || !isMissingRoute(err)) throw err;
      bulk = false; // no bulk routes here: this chunk again, one link at a time
      continue;
    }
    i += chunk.length;
    for (const o of outcomes) if (o.ok) updated++; else rejected.push(o);
    ctl.progress({ done: i, updated, rejected: rejected.length, message: bulkProgress(t(), action, updated, rejected.length) });
    setReport(ctl, `linkdesk-bulk-report-${fileDay()}.csv`, ['id', 'field', 'reason'], rejected.map((o) => [o.id, o.field, o.reason]));
  }
}
