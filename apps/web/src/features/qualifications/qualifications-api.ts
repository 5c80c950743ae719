import { useQuery } from '@tanstack/react-query';
import type { ListQuery } from '../../api/list-query';
import { recordPath, resourceApi } from '../../api/resource';
import {
  resourceQueryKey,
  useDeleteRecord,
  useResourceList,
  useResourceMutation,
} from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';
import type { ExpiryStatus, Qualification } from '../../ui/people-types';

/**
 * The fields of a create or update. Optional fields left undefined are not sent (platform §5:
 * reference and expiry_date only when given); null clears them on update.
 */
export interface QualificationInput {
  user_id?: string;
  name: string;
  reference?: string | null;
  expiry_date?: string | null;
}

export const qualificationsApi = resourceApi<Qualification, QualificationInput>('qualifications');
/** DELETE /qualifications/{id}/attachments/{attachmentId} */
const attachmentsOf = (id: string) =>
  resourceApi<never, never>('attachments', { parent: recordPath('qualifications', id) });

/** JSON without files; multipart/form-data (fields as text, each file as `files`) with them. */
export function qualificationBody(input: QualificationInput, files: readonly File[]) {
  const fields = Object.entries(input).filter(([, value]) => value !== undefined);
  // Only undefined entries are left out, so the input keeps its required fields.
  if (files.length === 0) return Object.fromEntries(fields) as QualificationInput;
  const form = new FormData();
  // A multipart form has no null: an empty value clears the field.
  for (const [key, value] of fields) form.append(key, value === null ? '' : String(value));
  for (const file of files) form.append('files', file, file.name);
  return form;
}

export const useQualificationList = (query: ListQuery) => useResourceList(qualificationsApi, query);
export const useDeleteQualification = () => useDeleteRecord(qualificationsApi);

export const useSaveQualification = () =>
  useResourceMutation(
    ['qualifications'],
    ({ id, input, files }: { id?: string; input: QualificationInput; files: File[] }) => {
      const body = qualificationBody(input, files);
      return id ? qualificationsApi.update(id, body) : qualificationsApi.create(body);
    },
  );

export const useDeleteAttachment = () =>
  useResourceMutation(
    ['qualifications'],
    ({ id, attachmentId }: { id: string; attachmentId: string }) =>
      attachmentsOf(id).remove(attachmentId),
  );

/** How many qualifications have a status (with the other filters applied), for the filter chips. */
export function useExpiryCount(status: ExpiryStatus, filter: ListQuery['filter']) {
  const { organisationId } = useSession();
  const query: ListQuery = {
    filter: { ...filter, expiry_status: status },
    page: { number: 1, size: 1 },
  };
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'qualifications'), 'count', query],
    queryFn: async () => (await qualificationsApi.list(query)).meta.total,
  });
}
