// A screen's server data: one TanStack query keyed by the selected instance,
// the resource and its arguments. While a new page or filter loads, the last
// rows of the same instance stay on screen; when a load fails, what was shown
// stays too, with the error beside it. Another instance's rows are never shown.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import type { IpcError } from '../../../shared/contract.ts';
import { useInstances } from '../state/instances-store.ts';
import { toIpcError } from './api.ts';
import { instanceKey, invalidateResource } from './query.ts';

export interface InstanceData<T> {
  data: T | undefined;
  error: IpcError | null;
  /** A request is out (the first, a new page, a refetch). */
  loading: boolean;
  /** What is shown is not the answer to the current arguments (still loading them, or they failed). */
  stale: boolean;
  reload(): void;
}

export function useInstanceQuery<T>(resource: string, args: unknown, load: () => Promise<T>, opts: { enabled?: boolean } = {}): InstanceData<T> {
  const instanceId = useInstances((s) => s.selectedId);
  const q = useQuery({
    queryKey: instanceKey(instanceId, resource, args),
    queryFn: load,
    enabled: instanceId !== null && (opts.enabled ?? true),
    // The previous page while the next loads, but never across instances.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === (instanceId ?? 'none') ? keepPreviousData(previous) : undefined),
  });
  const last = useRef<{ instanceId: string | null; data: T } | null>(null);
  if (q.data !== undefined && !q.isPlaceholderData) last.current = { instanceId, data: q.data };
  const kept = last.current?.instanceId === instanceId ? last.current.data : undefined;
  const data = q.data ?? kept;
  return {
    data,
    error: q.error ? toIpcError(q.error) : null,
    loading: q.isFetching,
    stale: q.isPlaceholderData || (q.isError && data !== undefined),
    reload: () => void q.refetch(),
  };
}

/** After a change to links: their lists, and the counts and statistics that include them. */
export function invalidateLinks(instanceId: string | null): Promise<unknown> {
  return Promise.all(['links', 'domains', 'spaces', 'pixels', 'stats', 'link-options'].map((r) => invalidateResource(instanceId, r)));
}
