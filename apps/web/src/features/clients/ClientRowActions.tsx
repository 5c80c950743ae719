import type { Client } from '@fieldwork/contract';
import { RecordActionsMenu } from '../../ui/data-table/RecordActionsMenu';
import { clientsApi } from './clients-api';

export function ClientRowActions({ client, onEdit }: { client: Client; onEdit: () => void }) {
  return (
    <RecordActionsMenu
      record={client}
      canForce={client.permissions?.force_delete === true}
      api={clientsApi}
      deleteTitle="Delete client"
      deleteMessage={`Delete ${client.name}? This cannot be undone.`}
      onEdit={onEdit}
    />
  );
}
