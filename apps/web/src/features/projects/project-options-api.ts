import type { LibraryProjectTemplate, SelectOption, Site } from '@fieldwork/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { resourceApi } from '../../api/resource';
import { resourceQueryKey } from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';
import { duplicateNames, shortReference } from '../../ui/duplicate-names';

/** The pickers of the projects screens: GET /select_options/{kind} (field-work §7). */
export type SelectOptionKind = 'clients' | 'projects' | 'project_templates';

/** The `data` list of an answer; anything else is a failed load, not a broken screen. */
export function listData<T>(answer: unknown, what: string): T[] {
  const data = (answer as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(data)) throw new Error(`The server sent no list of ${what}`);
  return data as T[];
}

const loadSelectOptions = (kind: SelectOptionKind) =>
  resourceApi(kind).selectOptions<SelectOption>();

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

/**
 * Options for a Mantine Select: live ones first by name, archived ones marked, and records that
 * share a name told apart by a short reference (the one their own page shows).
 */
export function pickerData(
  options: readonly SelectOption[] | undefined,
  { archived = false } = {},
) {
  const shown = (options ?? []).filter((option) => archived || option.archived_at === null);
  const twins = duplicateNames(shown);
  return shown.map((option) => {
    const reference = twins.has(option.name) ? ` (ref ${shortReference(option.id)})` : '';
    return {
      value: option.id,
      label: `${option.name}${reference}${option.archived_at ? ' (archived)' : ''}`,
    };
  });
}

/** GET /library_project_templates: the product's templates, with forms and statuses to preview. */
export function useLibraryProjectTemplates({ enabled = true } = {}) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'library_project_templates'), 'all'],
    queryFn: () => resourceApi<LibraryProjectTemplate, never>('library_project_templates').all(),
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
        await resourceApi<Site, never>('sites').list({
          filter: { search },
          sort: 'name',
          page: { number: 1, size: 20 },
        })
      ).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}
