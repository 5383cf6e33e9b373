// One import, whatever reads the file and wherever it is written: rows in file
// order, names resolved to ids on the target (each name asked once), links
// written in batches, every row accounted for as created, updated, skipped or
// rejected with its reason.
import { toCreateBody } from './portable.ts';
import type { ImportSource } from './read.ts';
import type { OnConflict, PortableLink, Rejection, Resolver, LinkSink } from './types.ts';

export interface ImportTotals { created: number; updated: number; skipped: number; rejected: number }

export interface ImportRun {
  source: ImportSource;
  resolver: Resolver;
  sink: LinkSink;
  onConflict: OnConflict;
  /** Every link to this domain (null: the default); undefined: the domain each row names. */
  domainOverride?: number | null;
  /** Every link into this space (null: none); undefined: the space each row names. */
  spaceOverride?: number | null;
  /** Given to links that ask for a password (and to password-protected statistics). */
  password?: string;
  /** Resuming: rows before this one were handled by an earlier run. */
  startRow?: number;
  batchSize?: number;
  /** Awaited before each batch is written: where a job pauses or is cancelled (by throwing). */
  checkpoint?: () => Promise<void>;
  /** After each batch: `row` the last row handled, the counts so far, `rejections` the batch's new ones, `linkIds` the links it created or updated. */
  onBatch?: (p: { row: number; rejections: Rejection[]; linkIds: number[] } & ImportTotals) => Promise<void> | void;
}

export interface ImportResult extends ImportTotals {
  /** Data rows read (from startRow). */
  rows: number;
  rejections: Rejection[];
  /** Links written disabled, or with private statistics, because they ask for a password none was given for. */
  lockedForPassword: number;
}

/** Resolves each name once per import: a thousand rows in one space ask for it once. */
function cached<K, V>(fn: (key: K) => Promise<V>, keyOf: (key: K) => string) {
  const seen = new Map<string, Promise<V>>();
  return (key: K) => {
    const k = keyOf(key);
    let v = seen.get(k);
    if (!v) seen.set(k, (v = fn(key)));
    return v;
  };
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export async function runImport(run: ImportRun): Promise<ImportResult> {
  const { resolver, sink, onConflict } = run;
  const batchSize = run.batchSize ?? 500;
  const startRow = run.startRow ?? 1;
  const domainId = cached((name: string | null) => resolver.domainId(name), (n) => n ?? '');
  const spaceId = cached((l: PortableLink) => resolver.spaceId(l.space!, l.space_color), (l) => l.space!);
  const pixelIds = cached((p: PortableLink['pixels']) => resolver.pixelIds(p), (p) => JSON.stringify(p.map((x) => [x.name, x.type, x.pixel_id])));

  const totals: ImportTotals = { created: 0, updated: 0, skipped: 0, rejected: 0 };
  const all: Rejection[] = [];
  let fresh: Rejection[] = [];
  let rows = 0;
  let lastRow = startRow - 1;
  let lockedForPassword = 0;
  let batch: { row: number; body: Record<string, unknown>; locked: boolean }[] = [];

  const reject = (r: Rejection) => {
    totals.rejected++;
    all.push(r);
    fresh.push(r);
  };

  async function ids(row: number, link: PortableLink) {
    let domain: number | null | undefined = run.domainOverride;
    if (domain === undefined) {
      try {
        domain = await domainId(link.domain);
      } catch (err) {
        return reject({ row, field: 'domain', reason: messageOf(err) });
      }
      if (domain === undefined) return reject({ row, field: 'domain', reason: `No domain named ${link.domain} on this instance.` });
    }
    let space: number | null = null;
    try {
      space = run.spaceOverride !== undefined ? run.spaceOverride : link.space === null ? null : await spaceId(link);
    } catch (err) {
      return reject({ row, field: 'space', reason: messageOf(err) });
    }
    let pixels: number[] = [];
    try {
      pixels = link.pixels.length ? await pixelIds(link.pixels) : [];
    } catch (err) {
      return reject({ row, field: 'pixels', reason: messageOf(err) });
    }
    return { domainId: domain, spaceId: space, pixelIds: pixels };
  }

  async function flush() {
    const linkIds: number[] = [];
    if (batch.length) {
      await run.checkpoint?.();
      const results = await sink(batch.map((b) => b.body), onConflict);
      results.forEach((r, i) => {
        const item = batch[i]!;
        if (r.result === 'rejected') return reject({ row: item.row, field: r.field, reason: r.reason });
        totals[r.result]++;
        if (r.result !== 'skipped' && r.id > 0) linkIds.push(r.id);
        if (item.locked && r.result !== 'skipped') lockedForPassword++;
      });
    }
    batch = [];
    await run.onBatch?.({ row: lastRow, ...totals, rejections: fresh, linkIds });
    fresh = [];
  }

  for await (const item of run.source.rows()) {
    if (item.row < startRow) continue;
    rows++;
    lastRow = item.row;
    if ('rejection' in item) reject(item.rejection);
    else {
      const resolved = await ids(item.row, item.link);
      if (resolved) {
        const { body, notes } = toCreateBody(item.link, resolved, { password: run.password });
        batch.push({ row: item.row, body, locked: notes.length > 0 });
      }
    }
    // Rejected rows count towards a batch too, so progress moves through a file of bad rows.
    if (batch.length >= batchSize || fresh.length >= batchSize) await flush();
  }
  await flush();
  return { ...totals, rows, rejections: all, lockedForPassword };
}
