import type { JobSheetMaterial, ProjectMaterial } from '@fieldwork/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { recordPath, resourceApi } from '../../api/resource';
import { resourceQueryKey } from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';
import type { materialInputOf } from './material-measures';

export type JobSheetMaterialInput = ReturnType<typeof materialInputOf>;

const materialsApi = resourceApi<
  JobSheetMaterial,
  JobSheetMaterialInput & { job_sheet_id: string }
>('job_sheet_materials');

/** GET /job_sheet_materials?filter[job_sheet_id]=…&page=all: a sheet's materials, with permissions. */
export function useSheetMaterials(sheetId: string) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'job_sheet_materials'), 'sheet', sheetId],
    queryFn: async () =>
      (await materialsApi.list({ filter: { job_sheet_id: sheetId }, page: 'all' })).data,
  });
}

/** GET /projects/{id}/materials: the materials the sheet's project offers to choose from. */
export function useProjectMaterials(projectId: string, enabled: boolean) {
  const { organisationId } = useSession();
  const api = resourceApi<ProjectMaterial, never>('materials', {
    parent: recordPath('projects', projectId),
  });
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'projects'), projectId, 'config', 'materials'],
    queryFn: () => api.all(),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/**
 * Create (no id), update or delete one material of a sheet; the sheet's materials and the sheet
 * itself (which lists them) are reloaded after.
 */
export function useSheetMaterialChange(sheetId: string) {
  const queryClient = useQueryClient();
  const { organisationId } = useSession();
  return useMutation({
    mutationFn: async (
      change:
        | { kind: 'save'; id?: string; input: JobSheetMaterialInput }
        | { kind: 'delete'; id: string },
    ): Promise<JobSheetMaterial | null> => {
      if (change.kind === 'delete') {
        await materialsApi.remove(change.id);
        return null;
      }
      return change.id
        ? materialsApi.update(change.id, change.input)
        : materialsApi.create({ ...change.input, job_sheet_id: sheetId });
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: resourceQueryKey(organisationId, 'job_sheet_materials'),
        }),
        queryClient.invalidateQueries({
          queryKey: [...resourceQueryKey(organisationId, 'job_sheets'), 'one', sheetId],
        }),
      ]);
    },
  });
}
