import { useQuery } from '@tanstack/react-query';
import { resourceApi } from '../../api/resource';
import { resourceQueryKey, useDeleteRecord, useResourceMutation } from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';
import type { ApiKey } from '../../ui/people-types';

/** The organisation's API keys: a user-level resource of the core client (platform §7). */
const apiKeysApi = resourceApi<ApiKey, { organisation_id: string | null; name: string }>(
  'api_keys',
  { client: 'core' },
);

/** GET /api_keys?filter[organisation_id]=… */
export function useApiKeys() {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, apiKeysApi.resource), 'list'],
    queryFn: async () =>
      (await apiKeysApi.list({ filter: { organisation_id: organisationId ?? undefined } })).data,
  });
}

/** POST /api_keys → 201 {data} with the secret, the only time it is shown. */
export function useCreateApiKey() {
  const { organisationId } = useSession();
  return useResourceMutation(apiKeysApi.resource, ({ name }: { name: string }) =>
    apiKeysApi.create({ organisation_id: organisationId, name }),
  );
}

/** DELETE /api_keys/{id} */
export const useDeleteApiKey = () => useDeleteRecord(apiKeysApi);
