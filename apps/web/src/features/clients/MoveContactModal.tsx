import { idSchema } from '@fieldwork/contract';
import type { Contact } from '@fieldwork/contract';
import { Select, Text } from '@mantine/core';
import { z } from 'zod';
import { FormDialog } from '../../ui/forms/FormDialog';
import { ModalForm } from '../../ui/forms/ModalForm';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { pickerData, useSelectOptions } from '../projects/project-options-api';
import { useMoveContact } from './clients-api';
import { closeAfter } from '../../ui/forms/close-after';

/** The move's body {client_id}, with the picker's own message when no client is chosen. */
const moveContactSchema = z.object({
  client_id: z.string().min(1, 'Choose the client to move the contact to').pipe(idSchema),
});

/** Moves a contact to another live client (POST /contacts/{id}/move). */
export function MoveContactModal({
  contact,
  onClose,
}: {
  contact: Contact | null;
  onClose: () => void;
}) {
  return (
    <FormDialog opened={contact !== null} onClose={onClose} title="Move contact">
      {contact && <MoveForm key={contact.id} contact={contact} onDone={onClose} />}
    </FormDialog>
  );
}

function MoveForm({ contact, onDone }: { contact: Contact; onDone: () => void }) {
  const clients = useSelectOptions('clients');
  const move = useMoveContact();
  const form = useZodForm(moveContactSchema, { client_id: '' });
  const choices = pickerData(clients.data).filter((option) => option.value !== contact.client_id);

  const send = ({ client_id }: z.output<typeof moveContactSchema>) => {
    const target = choices.find((option) => option.value === client_id)?.label ?? 'the client';
    move.mutate(
      { id: contact.id, clientId: client_id },
      closeAfter(`${contact.name} moved to ${target}`, onDone, form),
    );
  };

  return (
    <ModalForm
      onSubmit={form.submit(send)}
      formError={form.formError}
      submitLabel="Move"
      pending={move.isPending}
      onCancel={onDone}
    >
      <Text size="sm">
        {contact.name} will belong to the client you choose; the contact leaves{' '}
        {contact.client_name ?? 'this client'}.
      </Text>
      <Select
        label="Move to client"
        placeholder={clients.isPending ? 'Loading clients…' : 'Choose a client'}
        searchable
        data={choices}
        value={form.values.client_id || null}
        onChange={(value) => form.setValue('client_id', value ?? '')}
        error={form.errorOf('client_id') ?? (clients.isError ? 'Could not load clients' : null)}
        nothingFoundMessage="No client matches"
        comboboxProps={{ withinPortal: true }}
      />
    </ModalForm>
  );
}
