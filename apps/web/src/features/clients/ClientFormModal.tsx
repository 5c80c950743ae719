import { clientCreateSchema } from '@fieldwork/contract';
import type { Client } from '@fieldwork/contract';
import { Alert, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { resourceQueryKey } from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';
import { ModalForm } from '../../ui/forms/ModalForm';
import { RecordFormModal, notifySaved } from '../../ui/forms/RecordFormModal';
import type { EditTarget } from '../../ui/forms/RecordFormModal';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { clientFacts } from './client-facts';
import { clientsApi, useSaveClient } from './clients-api';
import type { ClientInput } from './clients-api';
import { sameNameKey } from './duplicate-names';

export function ClientFormModal({
  target,
  onClose,
}: {
  target: EditTarget<Client>;
  onClose: () => void;
}) {
  return (
    <RecordFormModal target={target} onClose={onClose} noun="client">
      {(client) => <ClientForm client={client} onDone={onClose} />}
    </RecordFormModal>
  );
}

function ClientForm({ client, onDone }: { client: Client | undefined; onDone: () => void }) {
  const saveClient = useSaveClient();
  const form = useZodForm(clientCreateSchema, { name: client?.name ?? '' });
  const twins = useClientsNamed(form.values.name, client?.id);

  const send = (input: ClientInput) =>
    saveClient.mutate(
      { id: client?.id, input },
      { onSuccess: notifySaved(!client, onDone), onError: form.capture },
    );

  return (
    <ModalForm
      onSubmit={form.submit(send)}
      formError={form.formError}
      submitLabel={client ? 'Save' : 'Create client'}
      pending={saveClient.isPending}
      onCancel={onDone}
    >
      <TextInput
        label="Name"
        placeholder="e.g. Northwind Construction"
        required
        data-autofocus
        {...form.bind('name')}
      />
      {twins.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={16} />}
          title={`A client named “${twins[0]!.name}” already exists`}
        >
          {twins.map((twin) => (
            <div key={twin.id}>{clientFacts(twin)}</div>
          ))}
          You can still save: the two will be told apart by these details.
        </Alert>
      )}
    </ModalForm>
  );
}

/** Other clients (archived ones too) whose name is the one typed, ignoring case and spaces. */
function useClientsNamed(name: string, exceptId: string | undefined): Client[] {
  const [typed] = useDebouncedValue(name.trim(), 300);
  const { organisationId } = useSession();
  const matches = useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'clients'), 'named', sameNameKey(typed)],
    // no archived filter: archived clients count too
    queryFn: () =>
      clientsApi.list({ filter: { search: typed }, sort: 'name', page: { number: 1, size: 10 } }),
    enabled: typed !== '',
  });
  if (!typed || sameNameKey(typed) !== sameNameKey(name)) return [];
  return (matches.data?.data ?? []).filter(
    (other) => other.id !== exceptId && sameNameKey(other.name) === sameNameKey(typed),
  );
}
