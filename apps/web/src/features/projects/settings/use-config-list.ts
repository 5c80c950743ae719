import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resourceQueryKey } from '../../../api/resource-hooks';
import { useSession } from '../../../session/use-session';
import { notifyFailure } from '../../../ui/feedback/notify';
import type { ConfigItem, ConfigList } from './config-lists';
import { ownerCollection } from './owner';
import type { SettingsOwner } from './owner';
import { inOrder } from '../../../ui/sortable/reorder';
import { configListApi } from './settings-api';

/** Queries of one owner (its record and every configuration list) share this key prefix. */
export function useOwnerKey(owner: SettingsOwner) {
  const { organisationId } = useSession();
  return [...resourceQueryKey(organisationId, ownerCollection(owner)), owner.id] as const;
}

function useListKey(owner: SettingsOwner, list: ConfigList) {
  return [...useOwnerKey(owner), 'config', list] as const;
}

/** One configuration list, in its order. */
export function useConfigList<List extends ConfigList>(owner: SettingsOwner, list: List) {
  return useQuery({
    queryKey: useListKey(owner, list),
    queryFn: () => configListApi(owner, list).list(),
  });
}

/**
 * A change to one list that reloads every list of the owner afterwards: a status's deletion
 * moves form automations, a material change touches rates, and so on.
 */
export function useConfigMutation<Variables, Result>(
  owner: SettingsOwner,
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  const ownerKey = useOwnerKey(owner);
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerKey }),
  });
}

/** Creates when no id is given, otherwise updates (a partial body). */
export function useSaveConfigItem<List extends ConfigList>(owner: SettingsOwner, list: List) {
  return useConfigMutation(owner, ({ id, input }: { id?: string; input: object }) =>
    id ? configListApi(owner, list).update(id, input) : configListApi(owner, list).create(input),
  );
}

export function useDeleteConfigItem(owner: SettingsOwner, list: ConfigList) {
  return useConfigMutation(owner, ({ id, query }: { id: string; query?: Record<string, string> }) =>
    configListApi(owner, list).remove(id, query),
  );
}

/**
 * Saves a new order. The list shows it at once; when the server refuses (an error, or ids it
 * could not reorder) the old order comes back and a notification says why.
 */
export function useReorderConfigList<List extends ConfigList>(owner: SettingsOwner, list: List) {
  const queryClient = useQueryClient();
  const key = useListKey(owner, list);
  return useMutation({
    mutationFn: async (ids: string[]) => {
      const answer = await configListApi(owner, list).reorder(ids);
      const failure = answer.failed[0];
      if (failure) throw new Error(failure.reason);
      return answer;
    },
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Array<ConfigItem<List>>>(key);
      if (previous) queryClient.setQueryData(key, inOrder(previous, ids));
      return { previous };
    },
    onError: (error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      notifyFailure('The new order was not saved', error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
