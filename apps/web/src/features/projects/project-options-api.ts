import type { LibraryProjectTemplate, SelectOption, Site } from '@fieldwork/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../api/request';
import { resourceQueryKey } from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';

/** The pickers of the projects screens: GET /select_options/{kind} (field-work §7). */
export type SelectOptionKind = 'clients' | 'projects' | 'project_templates';

async function loadSelectOptions(kind: SelectOptionKind): Promise<SelectOption[]> {
  const answer = await request<{ data: SelectOption[] }>({
    method: 'get',
    url: `/select_options/${kind}`,
  });
  return answer.data;
}

/** Every option of a kind, archived ones too (a filter may still name one); cached a minute. */
export function useSelectOptions(kind: SelectOptionKind, { enabled = true } = {}) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, kind), 'select_options'],
    queryFn: () => loadSelectOptions(kind),
    staleTime: 60_000,
    enabled,
  });
}

/** Options for a Mantine Select: live ones first by name, archived ones marked. */
export function pickerData(
  options: readonly SelectOption[] | undefined,
  { archived = false } = {},
) {
  return (options ?? [])
    .filter((option) => archived || option.archived_at === null)
    .map((option) => ({
      value: option.id,
      label: option.archived_at ? `${option.name} (archived)` : option.name,
    }));
}

/** GET /library_project_templates: the product's templates, with forms and statuses to preview. */
export function useLibraryProjectTemplates({ enabled = true } = {}) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'library_project_templates'), 'all'],
    queryFn: async () =>
      (
        await request<{ data: LibraryProjectTemplate[] }>({
          method: 'get',
          url: '/library_project_templates',
          query: { page: 'all' },
        })
      ).data,
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** GET /sites?filter[search]=: live sites to pick for a project, 20 at a time. */
export function useSiteSearch(search: string, { enabled = true } = {}) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'sites'), 'picker', search],
    queryFn: async () =>
      (
        await request<{ data: Site[] }>({
          method: 'get',
          url: '/sites',
          query: { filter: { search }, sort: 'name', page: { number: 1, size: 20 } },
        })
      ).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}
