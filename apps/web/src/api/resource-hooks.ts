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

export function useResourceList<Item, Input>(api: ResourceApi<Item, Input>, query: ListQuery) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, api.resource), 'list', query],
    queryFn: () => api.list(query),
    placeholderData: keepPreviousData,
  });
}

/**
 * What the caller may do with a collection (its list's `meta.permissions`: create, and each
 * record action they may take on some records), for a page that offers those actions without
 * showing that list: a one-record page asked once and kept, since only a role change alters it.
 */
export function useCollectionPermissions<Item, Input>(api: ResourceApi<Item, Input>) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: ['organisations', organisationId, 'collection-permissions', api.resource],
    queryFn: async () => (await api.list({ page: { size: 1 } })).meta.permissions ?? {},
    staleTime: Infinity,
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
