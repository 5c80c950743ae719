import type { JobSheet, LocationStatus, ProjectForm } from '@fieldwork/contract';
import { useQuery } from '@tanstack/react-query';
import { recordPath, resourceApi } from '../../api/resource';
import { resourceQueryKey } from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';
import { locationStatusChoice, type LocationStatusChoice } from './sheet-lifecycle';

/** A configuration list of the sheet's project (page=all), keyed as the project's settings key it. */
function useProjectList<Item>(projectId: string, list: 'forms' | 'location_statuses') {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'projects'), projectId, 'config', list],
    queryFn: () =>
      resourceApi<Item, never>(list, { parent: recordPath('projects', projectId) }).all(),
    staleTime: 5 * 60_000,
  });
}

/**
 * Whether submitting this sheet asks for the location's new status, and the project's statuses
 * to choose from. Until both lists load (or when one fails) the sheet is submitted plainly.
 */
export function useLocationStatusChoice(
  sheet: Pick<JobSheet, 'project_id' | 'form_id' | 'location_status_id'>,
): LocationStatusChoice & { statuses: LocationStatus[] } {
  const forms = useProjectList<ProjectForm>(sheet.project_id, 'forms');
  const statuses = useProjectList<LocationStatus>(sheet.project_id, 'location_statuses');
  const projectForm = forms.data?.find((copy) => copy.form_id === sheet.form_id);
  const list = statuses.data ?? [];
  return { ...locationStatusChoice(projectForm, list, sheet.location_status_id), statuses: list };
}
