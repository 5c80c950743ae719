import type { FormCreate, FormRecord, FormSave } from '@fieldwork/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListQuery } from '../../api/list-query';
import { resourceApi } from '../../api/resource';
import {
  resourceQueryKey,
  useBulkAction,
  useResourceList,
  useResourceMutation,
  useSaveRecord,
} from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';

export const formsApi = resourceApi<FormRecord, FormCreate>('forms');

export const useFormList = (query: ListQuery) => useResourceList(formsApi, query);
export const useCreateForm = () => useSaveRecord(formsApi);
export const useBulkFormAction = () => useBulkAction(formsApi);

/** GET /forms/{id}: the form with its sections and fields. */
export function useFormRecord(id: string, enabled = true) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'forms'), 'one', id],
    queryFn: () => formsApi.get(id),
    enabled,
  });
}

/** PUT /forms/new/{id}: the whole form in one transaction. */
export function useSaveWholeForm(id: string) {
  const queryClient = useQueryClient();
  const { organisationId } = useSession();
  return useResourceMutation(['forms'], async (body: FormSave) => {
    const answer = await formsApi.actOn<{ data: FormRecord }>(
      `new/${encodeURIComponent(id)}`,
      body,
      { method: 'put' },
    );
    const saved = answer.data;
    queryClient.setQueryData([...resourceQueryKey(organisationId, 'forms'), 'one', id], saved);
    return saved;
  });
}

/** POST /forms with the sections: a new form created whole by its first save. */
export function useCreateWholeForm() {
  const queryClient = useQueryClient();
  const { organisationId } = useSession();
  return useResourceMutation(['forms'], async (body: FormSave) => {
    const saved = await formsApi.create(body);
    queryClient.setQueryData(
      [...resourceQueryKey(organisationId, 'forms'), 'one', saved.id],
      saved,
    );
    return saved;
  });
}

/** "1 form", "3 forms". */
export const formCount = (count: number) => `${count} form${count === 1 ? '' : 's'}`;
