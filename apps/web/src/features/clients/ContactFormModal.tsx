import type { Contact } from '@fieldwork/contract';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { FormActions } from '../../ui/forms/FormActions';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { RecordFormModal, notifySaved } from '../../ui/forms/RecordFormModal';
import type { EditTarget } from '../../ui/forms/RecordFormModal';
import { useForm } from '../../ui/forms/use-form';
import { useSaveContact } from './clients-api';

/** "New contact" / "Edit contact" of a client: name, role, e-mail and telephone. */
export function ContactFormModal({
  clientId,
  target,
  onClose,
}: {
  clientId: string;
  target: EditTarget<Contact>;
  onClose: () => void;
}) {
  return (
    <RecordFormModal target={target} onClose={onClose} noun="contact">
      {(contact) => <ContactForm clientId={clientId} contact={contact} onDone={onClose} />}
    </RecordFormModal>
  );
}

function ContactForm({
  clientId,
  contact,
  onDone,
}: {
  clientId: string;
  contact: Contact | undefined;
  onDone: () => void;
}) {
  const save = useSaveContact();
  const form = useForm({
    name: contact?.name ?? '',
    role: contact?.role ?? '',
    email: contact?.email ?? '',
    telephone: contact?.telephone ?? '',
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.resetErrors();
    const { name, role, email, telephone } = form.values;
    save.mutate(
      {
        id: contact?.id,
        input: {
          client_id: contact?.client_id ?? clientId,
          name,
          role: role.trim() || null,
          email: email.trim() || null,
          telephone: telephone.trim() || null,
        },
      },
      { onSuccess: notifySaved(!contact, onDone), onError: form.capture },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorAlert message={form.formError} />
        <TextInput label="Name" required data-autofocus {...form.bind('name')} />
        <TextInput label="Role" placeholder="e.g. Site manager" {...form.bind('role')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="E-mail" type="email" autoComplete="off" {...form.bind('email')} />
          <TextInput label="Telephone" type="tel" autoComplete="off" {...form.bind('telephone')} />
        </SimpleGrid>
        <FormActions
          submitLabel={contact ? 'Save' : 'Create contact'}
          pending={save.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
