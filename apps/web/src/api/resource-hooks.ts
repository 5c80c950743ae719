import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../session/use-session';
import type { ListQuery } from './list-query';
import type { BulkAction, ForceOption, ResourceApi } from './resource';

/**
 * Generic TanStack Query hooks over a resourceApi: one list query keyed by organisation, entity and
 * query; mutations that invalidate every query of the entity on success. An entity binds them in
 * its feature folder (see features/clients/clients-api.ts).
 */
export function resourceQueryKey(organisationId: string | null, resource: string) {
  return ['organisations', organisationId, resource] as const;
}

const collectionPermissionsKey = (organisationId: string | null, resource: string) =>
  ['organisations', organisationId, 'collection-permissions', resource] as const;

/**
 * One page of a resource's list. Its answer's `meta.permissions` also refresh what
 * useCollectionPermissions says, so a page reading those sees a role change with its next list.
 */
export function useResourceList<Item, Input>(api: ResourceApi<Item, Input>, query: ListQuery) {
  const { organisationId } = useSession();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, api.resource), 'list', query],
    queryFn: async () => {
      const answer = await api.list(query);
      const { permissions } = answer.meta;
      if (permissions)
        queryClient.setQueryData(
          collectionPermissionsKey(organisationId, api.resource),
          permissions,
        );
      return answer;
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * What the caller may do with a collection (its list's `meta.permissions`: create, and each
 * record action they may take on some records). Asked once (a one-record list) and kept, and
 * refreshed by every list of the collection that useResourceList loads; `ask: false` for a page
 * that is loading such a list anyway and waits for its answer rather than asking twice.
 */
export function useCollectionPermissions<Item, Input>(
  api: ResourceApi<Item, Input>,
  { ask = true }: { ask?: boolean } = {},
) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: collectionPermissionsKey(organisationId, api.resource),
    queryFn: async () => (await api.list({ page: { size: 1 } })).meta.permissions ?? {},
    staleTime: Infinity,
    enabled: ask,
  });
}

/**
 * A mutation that, on success, reloads every query of the given resources (one, or several when
 * a change shows in more than one: a member's role in team member lists too).
 */
export function useResourceMutation<Variables, Result>(
  resources: string | readonly string[],
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  const { organisationId } = useSession();
  const affected = typeof resources === 'string' ? [resources] : resources;
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all(
        affected.map((resource) =>
          queryClient.invalidateQueries({ queryKey: resourceQueryKey(organisationId, resource) }),
        ),
      ),
  });
}

const useInvalidatingMutation = useResourceMutation;

/** Creates when no id is given, otherwise updates. */
export function useSaveRecord<Item, Input>(api: ResourceApi<Item, Input>) {
  return useInvalidatingMutation(api.resource, ({ id, input }: { id?: string; input: Input }) =>
    id ? api.update(id, input) : api.create(input),
  );
}

export function useSetArchived<Item, Input>(api: ResourceApi<Item, Input>) {
  return useInvalidatingMutation(
    api.resource,
    ({ id, archived }: { id: string; archived: boolean }) => api.setArchived(id, archived),
  );
}

export function useDeleteRecord<Item, Input>(api: ResourceApi<Item, Input>) {
  return useInvalidatingMutation(api.resource, ({ id, force }: { id: string } & ForceOption) =>
    api.remove(id, { force }),
  );
}

export type BulkVariables = { action: BulkAction; ids: string[] } & ForceOption;

export function useBulkAction<Item, Input>(api: ResourceApi<Item, Input>) {
  return useInvalidatingMutation(api.resource, ({ action, ids, force }: BulkVariables) =>
    api.bulk(action, ids, { force }),
  );
}
