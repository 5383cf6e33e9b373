// The import wizard's calls: stage a file (a private copy in the data folder),
// preview it in any format, and import it as a job that pauses, cancels, and
// continues after the app restarts from the row it had reached. The cursor is
// saved after every batch; a batch the app died in the middle of is matched
// against the links created since it was sent, so no row is written twice and
// none is lost (see `recovering`).
import { readFile } from 'node:fs/promises';
import type { ColumnMapping, ImportOutcome, ImportPreview, JobView } from '../../../shared/transfer.ts';
import type { Link } from '../../../shared/api-types.ts';
import type { Handlers } from '../handlers.ts';
import { TransferError } from '../../server/transfer/errors.ts';
import { openImport, type ImportSource } from '../../server/transfer/read.ts';
import { runImport } from '../../server/transfer/import-run.ts';
import { reportCsv } from '../../server/transfer/report.ts';
import type { ImportFormat, LinkSink, WriteResult } from '../../server/transfer/types.ts';
import type { ApiClient } from '../api-client.ts';
import { ServiceError } from '../errors.ts';
import { say as tell, se } from '../i18n/service-errors.ts';
import type { InstanceProfile, ProfileStore } from '../instance-profiles.ts';
import { JobCancelled, type JobControl, type Jobs } from '../jobs.ts';
import type { SecretStore } from '../secret-store.ts';
import { importStore, overrideArg, overrideOf, type SavedImport } from './import-jobs.ts';
import { instanceTarget, type InstanceTarget } from './instance-target.ts';
import { t } from '../i18n/current.ts';
import { jobWords } from './job-messages.ts';

const SAMPLE_ROWS = 5;
/** Rejected rows and written links an import's result shows (the report file has every rejection). */
const SHOWN_REJECTIONS = 500;
const SHOWN_LINKS = 20;
const passwordAccount = (stageId: string) => `import-password:${stageId}`;

export interface ImportDeps {
  dataDir: string;
  jobs: Jobs;
  profiles: ProfileStore;
  secrets: SecretStore;
  clientFor(p: InstanceProfile): ApiClient;
  selectedId(windowId: number): string;
  onError?(message: string): void;
}

type ImportHandlers = Pick<Handlers, 'transfer.stage' | 'transfer.preview' | 'transfer.targetOptions' | 'transfer.import' | 'transfer.importResult'>;

/** A file-level problem (no URL column, undecodable bytes) as something the wizard can show. */
async function opened<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof TransferError) throw new ServiceError('validation', err.message);
    throw err;
  }
}

async function preview(source: ImportSource, stage: { stageId: string; fileName: string; size: number }): Promise<ImportPreview> {
  const sample: ImportPreview['sample'] = [];
  // Without a destination column there is nothing to show yet: the person chooses one first.
  if (source.missing === null) {
    for await (const r of source.rows()) {
      sample.push('link' in r
        ? { row: r.row, url: r.link.url, alias: r.link.alias, domain: r.link.domain, title: r.link.title, created_at: r.link.created_at, problem: null }
        : { row: r.row, url: null, alias: null, domain: null, title: null, created_at: null, problem: `${r.rejection.field}: ${r.rejection.reason}` });
      if (sample.length >= SAMPLE_ROWS) break;
    }
  }
  return {
    ...stage,
    format: source.format,
    detected: source.detected,
    encoding: source.encoding,
    delimiter: source.delimiter,
    mapping: source.mapping,
    detectedMapping: source.detectedMapping,
    missing: source.missing,
    sample,
    rows: await source.count(),
  };
}

/**
 * A sink for the first batch of a resumed import whose last batch was sent but
 * never counted: links created since it was sent that match a body (same URL,
 * domain, and alias when the body has one) are that batch's work, and are
 * answered 'created' instead of being written again.
 */
function recovering(target: InstanceTarget, inFlight: NonNullable<SavedImport['inFlight']>, sink: LinkSink): LinkSink {
  let left = inFlight.bodies;
  let newer: Promise<Awaited<ReturnType<InstanceTarget['linksAfter']>>> | null = null;
  return async (bodies, onConflict) => {
    if (left <= 0) return sink(bodies, onConflict);
    left -= bodies.length;
    const candidates = [...await (newer ??= target.linksAfter(inFlight.afterId))];
    const out: (WriteResult | null)[] = bodies.map((b) => {
      const alias = typeof b.alias === 'string' ? b.alias : null;
      const domainId = typeof b.domain_id === 'number' ? b.domain_id : null;
      const i = candidates.findIndex((l) => l.url === b.url && (l.domain?.id ?? null) === domainId
        && (alias === null || l.alias === alias || (onConflict === 'rename' && l.alias.startsWith(`${alias}-`))));
      if (i < 0) return null;
      return { result: 'created', id: candidates.splice(i, 1)[0]!.id };
    });
    const rest = bodies.filter((_b, i) => out[i] === null);
    const written = rest.length ? await sink(rest, onConflict) : [];
    return out.map((r) => r ?? written.shift()!);
  };
}

export function createImportHandlers(d: ImportDeps) {
  const store = importStore(d.dataDir);
  /** Stages that a job in this session runs, or may resume. */
  const active = new Map<string, string>();
  /** The state of each import running now: the one copy its batches and its pause/cancel both write. */
  const live = new Map<string, SavedImport>();
  const writes = new Map<string, Promise<void>>();
  /** Writes go one after another per import, each with the state as it is when its turn comes. */
  const persist = (saved: SavedImport) => {
    const next = (writes.get(saved.stageId) ?? Promise.resolve()).catch(() => {}).then(() => store.save(saved));
    writes.set(saved.stageId, next);
    return next;
  };

  const profile = (id: string) => {
    const p = d.profiles.get(id);
    if (!p) throw new ServiceError('not-found', tell(se.instanceGone));
    return p;
  };
  const stageOf = async (stageId: string) => {
    const info = await store.stageInfo(stageId);
    if (!info) throw new ServiceError('not-found', tell(se.importStaleFile));
    return info;
  };
  const source = async (stageId: string, opts: { format?: ImportFormat; mapping?: ColumnMapping | null; allowUnmapped?: boolean } = {}) =>
    opened(async () => openImport(await readFile(store.sourceFile(stageId)), { format: opts.format, mapping: opts.mapping ?? undefined, allowUnmapped: opts.allowUnmapped }));

  async function run(ctl: JobControl, stageId: string): Promise<void> {
    const saved = await store.load(stageId);
    if (!saved) throw new ServiceError('not-found', tell(se.importStateGone));
    Object.assign(saved, { jobId: ctl.id, status: 'running', finishedAt: null });
    live.set(stageId, saved);
    const rejections = await store.rejections(stageId, saved.nextRow);
    const base = { created: saved.created, updated: saved.updated, skipped: saved.skipped, rejected: saved.rejected };
    const src = await source(stageId, { format: saved.format, mapping: saved.mapping });
    saved.total ??= await src.count();
    saved.message = null;
    await persist(saved);
    ctl.progress({ ...base, done: saved.nextRow - 1, total: saved.total, message: null });
    const target = instanceTarget(d.clientFor(profile(saved.instanceId)));
    const password = saved.hasPassword ? (await d.secrets.get(passwordAccount(stageId))) ?? undefined : undefined;

    // Before each batch: note where the target's links stood, so a batch cut short by a crash can be recognised.
    const marked: LinkSink = async (bodies, onConflict) => {
      saved.inFlight = { afterId: await target.newestLinkId(), bodies: bodies.length };
      await persist(saved);
      return target.sink(bodies, onConflict);
    };
    const sink = saved.inFlight ? recovering(target, saved.inFlight, marked) : marked;
    const say = (message: string) => { saved.message = message; ctl.progress({ message }); };
    const offerReport = () => {
      if (rejections.length === 0) return;
      const name = `${saved.fileName.replace(/\.[^.]*$/, '')}-report.csv`;
      // In file order: a batch's rows refused by the server come after those refused on reading.
      const rows = [...rejections].sort((x, y) => x.row - y.row);
      ctl.setFile({ name, mime: 'text/csv', content: reportCsv(rows), rows: rows.length });
    };

    try {
      const result = await runImport({
        source: src,
        resolver: target.resolver,
        sink,
        onConflict: saved.onConflict,
        domainOverride: overrideArg(saved.domain),
        spaceOverride: overrideArg(saved.space),
        password,
        startRow: saved.nextRow,
        checkpoint: () => ctl.checkpoint(),
        onBatch: async (p) => {
          // The batch's rejections first: if the app dies before the cursor moves, they are dropped on load and found again.
          await store.addRejections(stageId, p.rejections);
          await store.addLinks(stageId, p.linkIds);
          rejections.push(...p.rejections);
          Object.assign(saved, {
            nextRow: p.row + 1, inFlight: null,
            created: base.created + p.created, updated: base.updated + p.updated,
            skipped: base.skipped + p.skipped, rejected: base.rejected + p.rejected,
          });
          await persist(saved);
          ctl.progress({ done: p.row, created: saved.created, updated: saved.updated, skipped: saved.skipped, rejected: saved.rejected });
        },
      });
      const notes = target.notes();
      if (result.lockedForPassword) notes.push(jobWords(t()).lockedForPassword(result.lockedForPassword));
      if (notes.length) say(notes.join(' '));
      Object.assign(saved, { status: 'done', inFlight: null, finishedAt: new Date().toISOString() });
      ctl.progress({ done: saved.total ?? saved.nextRow - 1 });
      offerReport();
      await persist(saved);
    } catch (err) {
      if (err instanceof JobCancelled) {
        say(jobWords(t()).stoppedBefore(saved.nextRow, saved.created + saved.updated));
        offerReport();
      }
      throw err;
    }
  }

  /** Keeps the job file in step with what the job list shows; an ended import lets go of its password. */
  async function onState(stageId: string, view: JobView) {
    const saved = live.get(stageId) ?? await store.load(stageId);
    if (!saved) return;
    saved.status = view.status;
    if (view.status === 'paused') {
      saved.message = view.resumable ? saved.message : jobWords(t()).pausedAt(saved.nextRow);
    } else {
      saved.finishedAt = view.finishedAt;
      if (view.message) saved.message = view.message;
      active.delete(stageId);
      live.delete(stageId);
      await d.secrets.delete(passwordAccount(stageId)).catch(() => false);
    }
    await persist(saved);
  }
  /**
   * Each import's last bookkeeping (its job file written, its password let go), which a new import of the same file
   * waits for: the job list says "done" before it is over, and a new import started at once had its fresh job file
   * overwritten by the ended one's (it then resumed past the last row and wrote nothing, reporting the old counts).
   */
  const settling = new Map<string, Promise<void>>();
  const hooks = (stageId: string) => ({
    onState: (view: JobView) => {
      const p = onState(stageId, view);
      settling.set(stageId, p.catch(() => {}));
      return p;
    },
    resumeRun: (ctl: JobControl) => run(ctl, stageId),
  });

  const handlers: ImportHandlers = {
    'transfer.stage': async ({ fileName, base64 }) => {
      const bytes = Buffer.from(base64, 'base64');
      if (bytes.length === 0) throw new ServiceError('validation', tell(se.importEmpty));
      await store.sweep(new Set(active.keys()), { ended: 'day' }).catch((err) => d.onError?.(`Old imports could not be removed: ${String(err)}`));
      const info = await store.stage(fileName, bytes);
      try {
        return await preview(await source(info.stageId, { allowUnmapped: true }), info);
      } catch (err) {
        await store.remove(info.stageId); // nothing to import from
        throw err;
      }
    },
    'transfer.preview': async ({ stageId, format, mapping }) => {
      const info = await stageOf(stageId);
      return preview(await source(stageId, { format, mapping, allowUnmapped: true }), info);
    },
    'transfer.targetOptions': async ({ instanceId }, ctx) => {
      const target = instanceTarget(d.clientFor(profile(instanceId ?? d.selectedId(ctx.windowId))));
      const [domains, spaces] = await Promise.all([target.domains(), target.spaces()]);
      return { domains, spaces };
    },
    'transfer.import': async (args, ctx) => {
      const info = await stageOf(args.stageId);
      await settling.get(args.stageId);
      if (active.has(args.stageId)) throw new ServiceError('conflict', tell(se.importRunning));
      const p = profile(args.instanceId ?? d.selectedId(ctx.windowId));
      // A mapping that imports nothing is refused here, in the preview's words.
      const src = await source(args.stageId, { format: args.format, mapping: args.mapping });
      if (args.password) await d.secrets.set(passwordAccount(args.stageId), args.password);
      const title = jobWords(t()).importTitle(info.fileName, p.name);
      await store.begin({
        version: 1, jobId: '', stageId: args.stageId, fileName: info.fileName, title, instanceId: p.id, format: src.format,
        mapping: args.mapping ? src.mapping : null,
        domain: overrideOf(args.domainId), space: overrideOf(args.spaceId), onConflict: args.onConflict ?? 'error',
        hasPassword: Boolean(args.password), status: 'running', nextRow: 1, total: null,
        created: 0, updated: 0, skipped: 0, rejected: 0, inFlight: null, message: null,
        startedAt: new Date().toISOString(), finishedAt: null,
      });
      const view = d.jobs.start('import', title, (ctl) => run(ctl, args.stageId), hooks(args.stageId));
      active.set(args.stageId, view.id);
      return view;
    },
    'transfer.importResult': async ({ id }): Promise<ImportOutcome> => {
      const saved = live.get([...live.keys()].find((k) => live.get(k)!.jobId === id) ?? '') ?? await store.byJob(id);
      if (!saved) throw new ServiceError('not-found', tell(se.importNotKept));
      const [rejections, ids] = await Promise.all([store.rejections(saved.stageId, saved.nextRow), store.links(saved.stageId)]);
      const client = d.clientFor(profile(saved.instanceId));
      // A link deleted since is simply not listed.
      const found = await Promise.all(ids.slice(0, SHOWN_LINKS).map((linkId) => client.request('GET', `/links/${linkId}`)
        .then((body) => body.data as Link, (err: unknown) => {
          if (err instanceof ServiceError && err.error.kind === 'not-found') return null;
          throw err;
        })));
      return {
        rejections: rejections.slice(0, SHOWN_REJECTIONS),
        rejected: saved.rejected,
        links: found.filter((l): l is Link => l !== null).map((l) => ({
          id: l.id, alias: l.alias, short_url: l.short_url, url: l.url, title: l.title, domain: l.domain?.name ?? null, created_at: l.created_at,
        })),
        linkCount: ids.length,
        instanceId: saved.instanceId,
      };
    },
  };

  return {
    handlers,
    /** Brings back the imports the app was closed (or crashed) under, paused, and clears out ended ones. */
    async restore(): Promise<void> {
      for (const s of await store.list()) {
        if (s.status !== 'running' && s.status !== 'paused') continue;
        const message = jobWords(t()).closedDuring(s.nextRow);
        d.jobs.restore({
          id: s.jobId, kind: 'import', title: s.title, done: s.nextRow - 1, total: s.total,
          created: s.created, updated: s.updated, skipped: s.skipped, rejected: s.rejected,
          message, file: null, startedAt: s.startedAt, finishedAt: null,
        }, hooks(s.stageId));
        s.status = 'paused';
        s.message = message;
        await store.save(s);
        active.set(s.stageId, s.jobId);
      }
      await store.sweep(new Set(active.keys()), { ended: 'all' });
    },
  };
}
