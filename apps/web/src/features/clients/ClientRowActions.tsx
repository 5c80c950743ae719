import type { Client } from '@fieldwork/contract';
import { RecordActionsMenu } from '../../ui/data-table/RecordActionsMenu';
import { clientsApi } from './clients-api';
import { useCanForceDelete } from './use-can-force-delete';

export function ClientRowActions({ client, onEdit }: { client: Client; onEdit: () => void }) {
  const canForce = useCanForceDelete();
  return (
    <RecordActionsMenu
      record={client}
      canForce={canForce}
      api={clientsApi}
      deleteTitle="Delete client"
      deleteMessage={`Delete ${client.name}? This cannot be undone.`}
      onEdit={onEdit}
    />
  );
}
