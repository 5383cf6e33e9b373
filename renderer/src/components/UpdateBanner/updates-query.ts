// The update state in the query cache: read once with updates.get, then kept
// current by main's update-status pushes (api/pushes.ts), never polled.
import { useQuery } from '@tanstack/react-query';
import type { UpdateStatus, UpdateView } from '../../../../shared/updates.ts';
import { call } from '../../api/api.ts';
import { queryClient } from '../../api/query.ts';

export const UPDATES_KEY = ['app', 'updates'] as const;

export const useUpdates = () => useQuery({
  queryKey: UPDATES_KEY, queryFn: () => call('updates.get', undefined, { quiet: true }), staleTime: Infinity, retry: false,
});

export function storeUpdateStatus(status: UpdateStatus): void {
  queryClient.setQueryData<UpdateView>(UPDATES_KEY, (v) => (v ? { ...v, status } : v));
  if (!queryClient.getQueryData(UPDATES_KEY)) void queryClient.invalidateQueries({ queryKey: UPDATES_KEY });
}

export function storeUpdates(view: UpdateView): void {
  queryClient.setQueryData(UPDATES_KEY, view);
}
