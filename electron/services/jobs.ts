// Long work in main (imports, exports, copies, bulk actions): each job runs in
// the background and every change of its view is pushed (`onChange`) to the
// windows, which never poll. A job's work calls
// `checkpoint()` between batches, which waits while the job is paused and
// throws once it is cancelled, so pausing and cancelling never cut a batch
// (or a link) in half. Jobs that survive a restart (imports) keep their own
// state on disk and come back through `restore`.
import { randomUUID } from 'node:crypto';
import type { JobFile, JobKind, JobView } from '../../shared/transfer.ts';
import { ServiceError } from './errors.ts';

export class JobCancelled extends Error {}

export interface JobControl {
  readonly id: string;
  /** Waits while paused; throws JobCancelled once cancelled. */
  checkpoint(): Promise<void>;
  /** Merges counters and the message into the view (counters are totals, not increments). */
  progress(p: Partial<Pick<JobView, 'done' | 'total' | 'created' | 'updated' | 'skipped' | 'rejected' | 'message'>>): void;
  /** The file to offer when the job ends (export or report); called again replaces it. */
  setFile(file: JobFile & { rows: number }): void;
  readonly signal: AbortSignal;
}

/** What a job's code is handed and may do about pausing (an import saves its cursor). */
export interface JobHooks {
  /**
   * Called when the job is paused or cancelled, and when it ends (status 'paused'
   * when the app closed under it); errors are logged, not thrown.
   */
  onState?(view: JobView): Promise<void> | void;
  /** How `resume` continues a job restored after a restart. */
  resumeRun?: (ctl: JobControl) => Promise<void>;
}

interface Entry {
  view: JobView;
  file: JobFile | null;
  paused: { promise: Promise<void>; release: () => void } | null;
  abort: AbortController;
  hooks: JobHooks;
}

export interface Jobs {
  start(kind: JobKind, title: string, run: (ctl: JobControl) => Promise<void>, hooks?: JobHooks): JobView;
  /** Shows a job that was running when the app last stopped; `resume` runs `hooks.resumeRun`. */
  restore(view: Omit<JobView, 'status' | 'resumable'>, hooks: JobHooks & { resumeRun: (ctl: JobControl) => Promise<void> }): JobView;
  get(id: string): JobView;
  list(): JobView[];
  pause(id: string): JobView;
  resume(id: string): JobView;
  cancel(id: string): JobView;
  file(id: string): JobFile;
  /** Cancels what runs and waits for it to stop (the app is closing). */
  close(): Promise<void>;
}

export interface JobsOptions {
  onError?: (err: unknown, job: JobView) => void;
  /** Every change of a job's view: started, progress, paused, resumed, file, ended. */
  onChange?: (job: JobView) => void;
}

export function createJobs(opts: JobsOptions = {}): Jobs {
  const jobs = new Map<string, Entry>();
  let closing = false;
  const running = new Map<string, Promise<void>>();
  const find = (id: string) => {
    const e = jobs.get(id);
    if (!e) throw new ServiceError('not-found', 'That job no longer exists.');
    return e;
  };
  const snapshot = (e: Entry): JobView => ({ ...e.view, file: e.view.file ? { ...e.view.file } : null });
  const changed = (e: Entry) => {
    try { opts.onChange?.(snapshot(e)); } catch (err) { opts.onError?.(err, snapshot(e)); }
  };
  const notify = async (e: Entry) => {
    changed(e);
    try { await e.hooks.onState?.(snapshot(e)); } catch (err) { opts.onError?.(err, snapshot(e)); }
  };

  function launch(e: Entry, run: (ctl: JobControl) => Promise<void>) {
    e.view.status = 'running';
    e.view.resumable = false;
    e.view.finishedAt = null;
    const ctl: JobControl = {
      id: e.view.id,
      signal: e.abort.signal,
      async checkpoint() {
        while (e.paused && !e.abort.signal.aborted) await e.paused.promise;
        if (e.abort.signal.aborted) throw new JobCancelled('cancelled');
      },
      progress(p) {
        Object.assign(e.view, p);
        changed(e);
      },
      setFile(f) {
        e.file = { name: f.name, mime: f.mime, content: f.content };
        e.view.file = { name: f.name, rows: f.rows };
        changed(e);
      },
    };
    const done = (async () => {
      try {
        await run(ctl);
        e.view.status = 'done';
      } catch (err) {
        // Stopped by the app closing: paused where it was, for a job that can resume after the restart.
        if (closing && e.abort.signal.aborted) e.view.status = 'paused';
        else if (err instanceof JobCancelled || e.abort.signal.aborted) e.view.status = 'cancelled';
        else {
          e.view.status = 'failed';
          e.view.message = err instanceof ServiceError || err instanceof Error ? err.message : String(err);
          opts.onError?.(err, snapshot(e));
        }
      } finally {
        e.paused = null;
        e.view.finishedAt = new Date().toISOString();
        running.delete(e.view.id);
        await notify(e);
      }
    })();
    running.set(e.view.id, done);
  }

  const blank = (id: string, kind: JobKind, title: string): JobView => ({
    id, kind, title, status: 'running', done: 0, total: null, created: 0, updated: 0, skipped: 0, rejected: 0,
    message: null, file: null, resumable: false, startedAt: new Date().toISOString(), finishedAt: null,
  });

  return {
    start(kind, title, run, hooks = {}) {
      const e: Entry = { view: blank(randomUUID(), kind, title), file: null, paused: null, abort: new AbortController(), hooks };
      jobs.set(e.view.id, e);
      launch(e, run);
      changed(e);
      return snapshot(e);
    },
    restore(view, hooks) {
      const e: Entry = { view: { ...view, status: 'paused', resumable: true }, file: null, paused: null, abort: new AbortController(), hooks };
      jobs.set(view.id, e);
      return snapshot(e);
    },
    get: (id) => snapshot(find(id)),
    list: () => [...jobs.values()].map(snapshot).sort((a, b) => b.startedAt.localeCompare(a.startedAt)),
    pause(id) {
      const e = find(id);
      if (e.view.status === 'running' && !e.paused) {
        let release!: () => void;
        const promise = new Promise<void>((r) => { release = r; });
        e.paused = { promise, release };
        e.view.status = 'paused';
        void notify(e);
      }
      return snapshot(e);
    },
    resume(id) {
      const e = find(id);
      if (e.view.resumable && !running.has(id)) {
        if (!e.hooks.resumeRun) throw new ServiceError('bad-request', 'This job cannot be resumed.');
        launch(e, e.hooks.resumeRun);
        changed(e);
      } else if (e.view.status === 'paused' && e.paused) {
        const p = e.paused;
        e.paused = null;
        e.view.status = 'running';
        p.release();
        changed(e);
      }
      return snapshot(e);
    },
    cancel(id) {
      const e = find(id);
      if (e.view.status === 'running' || e.view.status === 'paused') {
        e.abort.abort();
        e.paused?.release();
        if (e.view.resumable) {
          e.view.status = 'cancelled';
          e.view.resumable = false;
          e.view.finishedAt = new Date().toISOString();
          void notify(e);
        }
      }
      return snapshot(e);
    },
    file(id) {
      const e = find(id);
      if (!e.file) throw new ServiceError('not-found', 'This job has no file to save.');
      return e.file;
    },
    async close() {
      closing = true;
      for (const e of jobs.values()) {
        if (running.has(e.view.id)) { e.abort.abort(); e.paused?.release(); }
      }
      await Promise.all(running.values());
    },
  };
}

/** The contract's jobs.* calls over a registry. */
export const jobHandlers = (jobs: Jobs) => ({
  'jobs.list': async () => jobs.list(),
  'jobs.get': async ({ id }: { id: string }) => jobs.get(id),
  'jobs.pause': async ({ id }: { id: string }) => jobs.pause(id),
  'jobs.resume': async ({ id }: { id: string }) => jobs.resume(id),
  'jobs.cancel': async ({ id }: { id: string }) => jobs.cancel(id),
  'jobs.file': async ({ id }: { id: string }) => jobs.file(id),
});
