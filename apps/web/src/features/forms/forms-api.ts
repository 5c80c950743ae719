import type { FormCreate, FormRecord, FormSave } from '@fieldwork/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListQuery } from '../../api/list-query';
import { request } from '../../api/request';
import { resourceApi } from '../../api/resource';
import {
  resourceQueryKey,
  useBulkAction,
  useResourceList,
  useSaveRecord,
} from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';
import { useOrganisationMutation } from '../settings/settings-query';

export const formsApi = resourceApi<FormRecord, FormCreate>('forms');

export const useFormList = (query: ListQuery) => useResourceList(formsApi, query);
export const useCreateForm = () => useSaveRecord(formsApi);
export const useBulkFormAction = () => useBulkAction(formsApi);

/** GET /forms/{id}: the form with its sections and fields. */
export function useFormRecord(id: string) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'forms'), 'one', id],
    queryFn: () => formsApi.get(id),
  });
}

/** PUT /forms/new/{id}: the whole form in one transaction. */
export function useSaveWholeForm(id: string) {
  const queryClient = useQueryClient();
  const { organisationId } = useSession();
  return useOrganisationMutation(['forms'], async (body: FormSave) => {
    const saved = (
      await request<{ data: FormRecord }>({
        method: 'put',
        url: `/forms/new/${encodeURIComponent(id)}`,
        body,
      })
    ).data;
    queryClient.setQueryData([...resourceQueryKey(organisationId, 'forms'), 'one', id], saved);
    return saved;
  });
}

/** "1 form", "3 forms". */
export const formCount = (count: number) => `${count} form${count === 1 ? '' : 's'}`;
