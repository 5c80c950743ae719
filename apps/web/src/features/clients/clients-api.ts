import type { Client } from '@fieldwork/contract';
import type { ListQuery } from '../../api/list-query';
import { resourceApi } from '../../api/resource';
import { useBulkAction, useResourceList, useSaveRecord } from '../../api/resource-hooks';

export interface ClientInput {
  name: string;
}

export const clientsApi = resourceApi<Client, ClientInput>('clients');

/** Per-entity hooks: server state of clients only goes through these. */
export const useClientList = (query: ListQuery) => useResourceList(clientsApi, query);
export const useSaveClient = () => useSaveRecord(clientsApi);
export const useBulkClientAction = () => useBulkAction(clientsApi);

/** "1 client", "3 clients". */
export const clientCount = (count: number) => `${count} client${count === 1 ? '' : 's'}`;
