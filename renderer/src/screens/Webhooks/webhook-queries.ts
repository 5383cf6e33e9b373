// The Webhooks screen's server data through TanStack Query, keyed by instance
// first (instanceKey), so another instance's hooks never show and a change
// refetches exactly this instance's lists.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '../../../../shared/api-types.ts';
import type { Webhook, WebhookDelivery, WebhookDeliveryDetail } from '../../../../shared/schemas/webhooks.ts';
import { api, call } from '../../api/api.ts';
import { instanceKey, invalidateResource } from '../../api/query.ts';
import type { ListQuery } from '../../api/types.ts';
import { useInstances } from '../../state/instances-store.ts';

export const RESOURCE = 'webhooks';
/** While a delivery shown is still being tried, its list is read again this often (the server has no push channel). */
const PENDING_REFETCH_MS = 1500;

export function useWebhooks(query: ListQuery) {
  const instanceId = useInstances((s) => s.selectedId);
  return useQuery<Page<Webhook>>({
    queryKey: instanceKey(instanceId, RESOURCE, 'list', query),
    queryFn: () => api.webhooks.list(query),
    placeholderData: keepPreviousData,
  });
}

export function useDeliveries(hookId: number, paging: { page: number; per_page: number }) {
  const instanceId = useInstances((s) => s.selectedId);
  return useQuery<Page<WebhookDelivery>>({
    queryKey: instanceKey(instanceId, RESOURCE, 'deliveries', hookId, paging),
    queryFn: () => api.webhooks.deliveries(hookId, paging),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some((d) => d.state === 'pending') ? PENDING_REFETCH_MS : false),
  });
}

export function useDeliveryDetail(hookId: number, deliveryId: number, enabled: boolean, attempts: number) {
  const instanceId = useInstances((s) => s.selectedId);
  return useQuery<WebhookDeliveryDetail>({
    // A new attempt is a new answer to show.
    queryKey: instanceKey(instanceId, RESOURCE, 'delivery', hookId, deliveryId, attempts),
    queryFn: () => call('webhooks.delivery', { id: hookId, deliveryId }),
    enabled,
  });
}

export const refreshWebhooks = () => invalidateResource(useInstances.getState().selectedId, RESOURCE);
