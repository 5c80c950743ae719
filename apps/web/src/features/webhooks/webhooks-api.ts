import type { Webhook, WebhookCreate, WebhookDelivery } from '@fieldwork/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListQuery } from '../../api/list-query';
import { recordPath, resourceApi } from '../../api/resource';
import {
  resourceQueryKey,
  useDeleteRecord,
  useResourceList,
  useResourceMutation,
} from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';

/** /webhooks: the organisation's endpoints (ADMIN). */
export const webhooksApi = resourceApi<Webhook, WebhookCreate>('webhooks');
/** /webhooks/{id}/deliveries: an endpoint's delivery log, newest first. */
const deliveriesApi = (webhookId: string) =>
  resourceApi<WebhookDelivery, never>('deliveries', { parent: recordPath('webhooks', webhookId) });

export const useWebhooks = (query: ListQuery) => useResourceList(webhooksApi, query);

export function useWebhook(id: string) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'webhooks'), 'one', id],
    queryFn: () => webhooksApi.get(id),
  });
}

/** Creates (answering the secret, shown once) or updates an endpoint. */
export const useSaveWebhook = () =>
  useResourceMutation('webhooks', ({ id, input }: { id?: string; input: WebhookCreate }) =>
    id ? webhooksApi.update(id, input, 'patch') : webhooksApi.create(input),
  );

export const useDeleteWebhook = () => useDeleteRecord(webhooksApi);

export const useRotateSecret = () =>
  useResourceMutation('webhooks', (id: string) => webhooksApi.act<Webhook>(id, 'rotate_secret'));

/** Deliveries change on the queue's time: the log refreshes while something is on its way. */
export function useDeliveries(webhookId: string, query: ListQuery) {
  const { organisationId } = useSession();
  const api = deliveriesApi(webhookId);
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'webhooks'), 'deliveries', webhookId, query],
    queryFn: () => api.list(query),
    refetchInterval: (state) =>
      state.state.data?.data.some((delivery) => delivery.status === 'PENDING') ? 2000 : 15_000,
  });
}

function useWebhookAction<Variables>(send: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const { organisationId } = useSession();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: resourceQueryKey(organisationId, 'webhooks') }),
  });
}

/** POST /webhooks/{id}/test: a `ping` now. */
export const useSendTest = () =>
  useWebhookAction((id: string) => webhooksApi.act<WebhookDelivery>(id, 'test'));

/** POST /webhooks/{id}/deliveries/{deliveryId}/redeliver */
export const useRedeliver = (webhookId: string) =>
  useWebhookAction((deliveryId: string) =>
    deliveriesApi(webhookId).act<WebhookDelivery>(deliveryId, 'redeliver'),
  );
