import type { BulkFailure, LatLng, Site } from '@fieldwork/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListQuery } from '../../api/list-query';
import { resourceApi } from '../../api/resource';
import { resourceQueryKey, useResourceList, useResourceMutation } from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';

/** The body of POST /sites and PUT /sites/{id}; a null name hands the name back to the address. */
export interface SiteInput {
  name: string | null;
  address_line_1: string | null;
  address_line_2: string | null;
  city: string | null;
  postcode: string | null;
  country: string | null;
  coordinates?: LatLng | null;
  what3words: string | null;
  notes: string | null;
}

export const sitesApi = resourceApi<Site, SiteInput>('sites');

export interface BulkSiteOutcome {
  done: string[];
  failed: BulkFailure[];
}

/** Server state of sites only goes through these; every change reloads every sites query. */
export const useSiteList = (query: ListQuery) => useResourceList(sitesApi, query);

export function useSite(id: string) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'sites'), 'one', id],
    queryFn: () => sitesApi.get(id),
  });
}

const useSitesMutation = <Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
) => useResourceMutation('sites', mutationFn);

export const useSaveSite = () =>
  useSitesMutation(({ id, input }: { id?: string; input: SiteInput }) =>
    id ? sitesApi.update(id, input) : sitesApi.create(input),
  );

/** DELETE /sites/delete_many: sites in use stay, each with the reason. */
export const useDeleteSites = () =>
  useSitesMutation(async (ids: string[]): Promise<BulkSiteOutcome> => {
    const { succeeded, failed } = await sitesApi.bulk('delete', ids);
    return { done: succeeded, failed };
  });

/** POST /sites/restore_many */
export const useRestoreSites = () =>
  useSitesMutation(async (ids: string[]): Promise<BulkSiteOutcome> => {
    const { succeeded, failed } = await sitesApi.bulk('restore', ids);
    return { done: succeeded, failed };
  });

/** Reloads every sites query (after an import). */
export function useInvalidateSites() {
  const queryClient = useQueryClient();
  const { organisationId } = useSession();
  return () =>
    queryClient.invalidateQueries({ queryKey: resourceQueryKey(organisationId, 'sites') });
}

/** "1 site", "3 sites". */
export const siteCount = (count: number) => `${count} site${count === 1 ? '' : 's'}`;
