// Server data in the renderer goes through TanStack Query: one client for the
// window, and query keys that always start with the instance they belong to,
// so switching instance never shows another server's rows and a mutation can
// invalidate exactly one instance's resource.
import { QueryClient } from '@tanstack/react-query';
import { ApiFailure } from './api.ts';

/** Failures a retry cannot mend: the user has to act (key, input, missing record, feature). */
const FINAL = new Set(['invalid-key', 'no-key', 'validation', 'not-found', 'conflict', 'unsupported', 'contract', 'bad-request', 'keychain', 'forbidden']);

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiFailure && FINAL.has(error.error.kind)) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: shouldRetry,
      retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 8_000),
      refetchOnWindowFocus: true,
      staleTime: 5_000,
    },
    mutations: { retry: false },
  },
});

/** `['instance', id, resource, ...rest]`: every server query's key. */
export const instanceKey = (instanceId: string | null, resource: string, ...rest: unknown[]) =>
  ['instance', instanceId ?? 'none', resource, ...rest] as const;

/** After a change: refetch one resource of one instance (every page and filter of it). */
export const invalidateResource = (instanceId: string | null, resource: string) =>
  queryClient.invalidateQueries({ queryKey: instanceKey(instanceId, resource) });
