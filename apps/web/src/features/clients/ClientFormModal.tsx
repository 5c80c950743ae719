import { clientCreateSchema } from '@fieldwork/contract';
import type { Client } from '@fieldwork/contract';
import { Alert } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { resourceQueryKey } from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';
import { RecordForm } from '../../ui/forms/RecordForm';
import { recordFormModal } from '../../ui/forms/RecordFormModal';
import type { RecordFormProps } from '../../ui/forms/RecordFormModal';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { clientFacts } from './client-facts';
import { clientsApi, useSaveClient } from './clients-api';
import { sameNameKey } from '../../ui/duplicate-names';
import { NameInput } from '../../ui/forms/NameInput';

function ClientForm({ record: client, onDone }: RecordFormProps<Client>) {
  const save = useSaveClient();
  const form = useZodForm(clientCreateSchema, { name: client?.name ?? '' });
  const twins = useClientsNamed(form.values.name, client?.id);

  return (
    <RecordForm form={form} record={client} save={save} createLabel="Create client" onDone={onDone}>
      <NameInput placeholder="e.g. Northwind Construction" {...form.bind('name')} />
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
    </RecordForm>
  );
}

export const ClientFormModal = recordFormModal('client', ClientForm);

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
