import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/request';
import { useSession } from '../../../session/use-session';
import type { ApiKey } from '../people-types';

const apiKeysKey = (organisationId: string | null) => ['api_keys', organisationId] as const;

/** GET /api_keys?filter[organisation_id]=… on the core client. */
export function useApiKeys() {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: apiKeysKey(organisationId),
    queryFn: async () =>
      (
        await request<{ data: ApiKey[] }>({
          method: 'get',
          url: '/api_keys',
          client: 'core',
          query: { filter: { organisation_id: organisationId ?? undefined } },
        })
      ).data,
  });
}

function useApiKeyMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  const { organisationId } = useSession();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(organisationId) }),
  });
}

/** POST /api_keys → 201 {data} with the secret, the only time it is shown. */
export function useCreateApiKey() {
  const { organisationId } = useSession();
  return useApiKeyMutation(async ({ name }: { name: string }) => {
    const answer = await request<{ data: ApiKey }>({
      method: 'post',
      url: '/api_keys',
      client: 'core',
      body: { organisation_id: organisationId, name },
    });
    return answer.data;
  });
}

export const useDeleteApiKey = () =>
  useApiKeyMutation((id: string) =>
    request<void>({ method: 'delete', url: `/api_keys/${encodeURIComponent(id)}`, client: 'core' }),
  );
