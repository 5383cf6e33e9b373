// What main tells this window as it happens, over the one-way command channel:
// the local server's status and each job's progress go straight into the query
// cache (so the screens showing them re-render, and nothing polls); the other
// commands (open a link, the palette, a notice) go to whoever listens, and wait
// for a listener if they arrive first, as preload's own queue does.
import type { ServerStatus } from '../../../shared/contract.ts';
import type { AppCommand } from '../../../shared/native.ts';
import type { JobView } from '../../../shared/transfer.ts';
import { queryClient } from './query.ts';
import { storeUpdateStatus } from '../components/UpdateBanner/updates-query.ts';
import { setLocale } from '../i18n/current.ts';
import { useSettings } from '../state/settings-store.ts';

export const SERVER_STATUS_KEY = ['app', 'server-status'] as const;
export const jobKey = (id: string) => ['app', 'job', id] as const;

const ENDED = new Set<JobView['status']>(['done', 'failed', 'cancelled']);
export const jobEnded = (j: JobView) => ENDED.has(j.status);

/**
 * The newer of two views of one job. A push can overtake the answer to the
 * first `jobs.get`, so an ended view is never replaced by a running one, and
 * a running one only by one at least as far along.
 */
export function newerJob(cached: JobView | undefined, incoming: JobView): JobView {
  if (!cached || cached.id !== incoming.id) return incoming;
  if (jobEnded(cached) && !jobEnded(incoming)) return cached;
  if (!jobEnded(cached) && !jobEnded(incoming) && cached.status === incoming.status && incoming.done < cached.done) return cached;
  return incoming;
}

export function storeJob(job: JobView): JobView {
  const kept = newerJob(queryClient.getQueryData<JobView>(jobKey(job.id)), job);
  queryClient.setQueryData(jobKey(job.id), kept);
  return kept;
}

export function storeServerStatus(status: ServerStatus): void {
  queryClient.setQueryData(SERVER_STATUS_KEY, status);
}

type Listener = (c: AppCommand) => void;
const listeners = new Set<Listener>();
const waiting: AppCommand[] = [];
let listening = false;

function receive(c: AppCommand): void {
  if (c.type === 'server-status') storeServerStatus(c.status);
  else if (c.type === 'job') storeJob(c.job);
  else if (c.type === 'update-status') storeUpdateStatus(c.status);
  else if (c.type === 'locale') {
    // The language changed (here, in another window, or the system's): it applies at once,
    // and the settings this window shows catch up.
    void setLocale(c.locale);
    if (useSettings.getState().view?.locale !== c.locale) void useSettings.getState().load();
  }
  else if (listeners.size) for (const l of listeners) l(c);
  // Live clicks are for a Live view that is open now; they must not crowd out an open or a notice.
  else if (waiting.length < 10 && !c.type.startsWith('live-')) waiting.push(c);
}

/** Starts hearing main (once per window; preload takes one listener). */
export function listenToMain(): void {
  const bridge = window.linkdesk;
  if (listening || !bridge?.onCommand) return;
  listening = true;
  bridge.onCommand(receive);
}

/** Main's requests to this window (open, palette, notice); status and progress are in the query cache instead. */
export function onAppCommand(fn: Listener): () => void {
  listenToMain();
  listeners.add(fn);
  for (const c of waiting.splice(0)) fn(c);
  return () => { listeners.delete(fn); };
}
