import type {
  Document,
  DocumentMoveResult,
  SignedDocument,
  SignedDocumentMember,
} from '@fieldwork/contract';
import { useQuery } from '@tanstack/react-query';
import { clientBaseUrl } from '../../api/api-config';
import type { ListQuery } from '../../api/list-query';
import { currentBearer } from '../../api/request';
import { recordPath, resourceApi } from '../../api/resource';
import {
  resourceQueryKey,
  useCollectionPermissions,
  useResourceList,
  useResourceMutation,
} from '../../api/resource-hooks';
import { uploadWithProgress } from '../../api/upload';
import { useSession } from '../../session/use-session';

/** Documents, signed documents and their recipients (field-work §3, §7): the calls and hooks. */
export const documentsApi = resourceApi<Document, never>('documents');
export const signedDocumentsApi = resourceApi<
  SignedDocument,
  { name?: string; prevent_job_sheets?: boolean }
>('signed_documents');
const recipientsApi = (signedDocumentId: string) =>
  resourceApi<SignedDocumentMember, never>('members', {
    parent: recordPath('signed_documents', signedDocumentId),
  });

const useKey = (resource: string, ...rest: unknown[]) => {
  const { organisationId } = useSession();
  return [...resourceQueryKey(organisationId, resource), ...rest];
};

/** What one folder of a project holds (folders first, then files). */
export function useFolderContents(projectId: string, folderId: string | null) {
  return useQuery({
    queryKey: useKey('documents', 'folder', projectId, folderId),
    queryFn: () =>
      documentsApi.all({ filter: { project_id: projectId, folder_id: folderId }, sort: 'name' }),
  });
}

/** The open folder itself (its name and breadcrumbs), none at the root. */
export function useFolder(folderId: string | null) {
  return useQuery({
    queryKey: useKey('documents', 'one', folderId),
    queryFn: () => documentsApi.get(folderId!),
    enabled: folderId !== null,
  });
}

/** Every folder of a project, for the move dialog. */
export function useProjectFolders(projectId: string) {
  return useQuery({
    queryKey: useKey('documents', 'folders', projectId),
    queryFn: () =>
      documentsApi.all({ filter: { project_id: projectId, is_folder: 'true' }, sort: 'name' }),
  });
}

export const uploadDocument = (
  projectId: string,
  folderId: string | null,
  file: File,
  onProgress: (fraction: number) => void,
) => {
  const body = new FormData();
  body.append('project_id', projectId);
  body.append('folder_id', folderId ?? '');
  body.append('file', file);
  return uploadWithProgress<{ data: Document }>({ url: '/documents/file', body, onProgress });
};

export function useCreateFolder() {
  return useResourceMutation(
    'documents',
    (input: { project_id: string; folder_id: string | null; name: string; private: boolean }) =>
      documentsApi.actOn<{ data: Document }>('folder', input),
  );
}

export function useRenameDocument() {
  return useResourceMutation('documents', ({ id, name }: { id: string; name: string }) =>
    documentsApi.act(id, 'rename', { name }, { method: 'put' }),
  );
}

export function useSetPrivate() {
  return useResourceMutation('documents', ({ id, isPrivate }: { id: string; isPrivate: boolean }) =>
    documentsApi.act(id, isPrivate ? 'privatise' : 'publicise', {}, { method: 'put' }),
  );
}

export function useMoveDocuments() {
  return useResourceMutation(
    'documents',
    ({ ids, folderId }: { ids: string[]; folderId: string | null }) =>
      documentsApi.actOn<DocumentMoveResult>(
        'move_many',
        { ids, folder_id: folderId },
        { method: 'put' },
      ),
  );
}

export function useDeleteDocument() {
  return useResourceMutation('documents', (id: string) => documentsApi.remove(id));
}

export function useConvertToSigned() {
  return useResourceMutation(['documents', 'signed_documents'], (id: string) =>
    documentsApi.act<SignedDocument>(id, 'convert_to_signed', {}, { method: 'put' }),
  );
}

/** The signed documents (of a project when given). */
export function useSignedDocuments(projectId: string | null) {
  return useQuery({
    queryKey: useKey('signed_documents', 'list', projectId),
    queryFn: () =>
      signedDocumentsApi.all({
        ...(projectId ? { filter: { project_id: projectId } } : {}),
        sort: 'name',
      }),
  });
}

/** A page of the organisation's signed documents, every project's (GET /signed_documents). */
export const useSignedDocumentList = (query: ListQuery) =>
  useResourceList(signedDocumentsApi, query);

/** Whether the caller manages the project's documents (may move some: the list's `meta.permissions`). */
export function useManagesDocuments(): boolean {
  return useCollectionPermissions<Document, never>(documentsApi).data?.move === true;
}

/** Whether the caller manages some signed documents (the list's `meta.permissions`). */
export function useManagesSignedDocuments(): boolean {
  return useCollectionPermissions(signedDocumentsApi).data?.update === true;
}

export function useSignedDocument(id: string) {
  return useQuery({
    queryKey: useKey('signed_documents', 'one', id),
    queryFn: () => signedDocumentsApi.get(id),
  });
}

export function useRecipients(signedDocumentId: string, enabled = true) {
  return useQuery({
    queryKey: useKey('signed_documents', 'recipients', signedDocumentId),
    queryFn: () => recipientsApi(signedDocumentId).all({ sort: 'created_at' }),
    enabled,
    // the signed copy is built on the queue: ask again until every signer's copy is there
    refetchInterval: (query) =>
      query.state.data?.some((member) => member.completed_at && !member.signed_file) ? 2000 : false,
  });
}

/** A switch of a signed document (publish, enable, automate, mandate and their reverse). */
export function useSwitch() {
  return useResourceMutation('signed_documents', ({ id, action }: { id: string; action: string }) =>
    signedDocumentsApi.act(id, action, {}, { method: 'put' }),
  );
}

/** Whether an unsigned mandatory document stops the member's job sheets on the project. */
export function useSetPreventJobSheets() {
  return useResourceMutation('signed_documents', ({ id, on }: { id: string; on: boolean }) =>
    signedDocumentsApi.update(id, { prevent_job_sheets: on }),
  );
}

/** Asks members to sign, by name and by whole teams (POST …/members). */
export function useAddRecipients() {
  return useResourceMutation(
    'signed_documents',
    ({ id, userIds, teamIds }: { id: string; userIds: string[]; teamIds: string[] }) =>
      recipientsApi(id).actOn('', { user_ids: userIds, team_ids: teamIds }),
  );
}

/** No longer asks a member to sign (DELETE …/members/{id}). */
export function useRemoveRecipient() {
  return useResourceMutation(
    'signed_documents',
    ({ id, memberId }: { id: string; memberId: string }) => recipientsApi(id).remove(memberId),
  );
}

export function useRemind() {
  return useResourceMutation('signed_documents', (id: string) =>
    signedDocumentsApi.act<{ reminded: number }>(id, 'remind', {}),
  );
}

export function useMarkViewed() {
  return useResourceMutation('signed_documents', (id: string) =>
    signedDocumentsApi.act<SignedDocumentMember>(id, 'view', {}),
  );
}

export function useSign() {
  return useResourceMutation(
    ['signed_documents', 'inbox'],
    ({ id, signature }: { id: string; signature: string }) =>
      signedDocumentsApi.act<SignedDocumentMember>(id, 'sign', { signature }),
  );
}

/**
 * One page of a document's PDF as an image (a blob: address the page may show under the
 * Content-Security-Policy's img-src): the API's file address converts it; null past the last page.
 */
export async function fetchPdfPage(path: string, page: number, width: number) {
  const url = `${clientBaseUrl('organisation')}${path}?page=${page}&width=${width}&format=png`;
  const answer = await fetch(url, {
    headers: { Authorization: `Bearer ${await currentBearer()}` },
  });
  if (!answer.ok) return null;
  return URL.createObjectURL(await answer.blob());
}
