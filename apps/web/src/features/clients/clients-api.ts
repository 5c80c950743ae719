import type { Client, ClientActivityEntry, Contact } from '@fieldwork/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListQuery } from '../../api/list-query';
import { resourceApi } from '../../api/resource';
import {
  resourceQueryKey,
  useBulkAction,
  useResourceList,
  useSaveRecord,
} from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';

export interface ClientInput {
  name: string;
}

export interface ContactInput {
  client_id: string;
  name: string;
  role: string | null;
  email: string | null;
  telephone: string | null;
}

export const clientsApi = resourceApi<Client, ClientInput>('clients');
export const contactsApi = resourceApi<Contact, ContactInput>('contacts');

/** Per-entity hooks: server state of clients only goes through these. */
export const useClientList = (query: ListQuery) => useResourceList(clientsApi, query);
export const useSaveClient = () => useSaveRecord(clientsApi);
export const useBulkClientAction = () => useBulkAction(clientsApi);

export function useClient(id: string) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'clients'), 'one', id],
    queryFn: () => clientsApi.get(id),
  });
}

/** A client's contacts, every one of them (a client has a handful), archived ones on request. */
export const useClientContacts = (clientId: string, archived: boolean) =>
  useResourceList(contactsApi, {
    filter: { client_id: clientId, archived },
    sort: 'name',
    page: 'all',
  });

export const useSaveContact = () => useSaveRecord(contactsApi);

/** POST /contacts/{id}/move: the contact belongs to another client from then on. */
export function useMoveContact() {
  const queryClient = useQueryClient();
  const { organisationId } = useSession();
  return useMutation({
    mutationFn: ({ id, clientId }: { id: string; clientId: string }) =>
      contactsApi.act(id, 'move', { client_id: clientId }),
    onSuccess: () =>
      Promise.all(
        ['contacts', 'clients'].map((resource) =>
          queryClient.invalidateQueries({ queryKey: resourceQueryKey(organisationId, resource) }),
        ),
      ),
  });
}

/** GET /clients/{id}/activity: the latest changes to the client, its contacts and projects. */
export function useClientActivity(clientId: string) {
  const { organisationId } = useSession();
  return useQuery({
    // under contacts, so that a contact saved on the page reloads the activity too
    queryKey: [...resourceQueryKey(organisationId, 'contacts'), 'client-activity', clientId],
    queryFn: () => clientsApi.getPart<ClientActivityEntry[]>(clientId, 'activity'),
  });
}

/** "1 client", "3 clients". */
export const clientCount = (count: number) => `${count} client${count === 1 ? '' : 's'}`;
