import { contactCreateSchema } from '@fieldwork/contract';
import type { Contact } from '@fieldwork/contract';
import { SimpleGrid, TextInput } from '@mantine/core';
import { ModalForm } from '../../ui/forms/ModalForm';
import { RecordFormModal, notifySaved } from '../../ui/forms/RecordFormModal';
import type { EditTarget } from '../../ui/forms/RecordFormModal';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { useSaveContact } from './clients-api';
import type { ContactInput } from './clients-api';

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
  const form = useZodForm(
    contactCreateSchema,
    {
      name: contact?.name ?? '',
      role: contact?.role ?? '',
      email: contact?.email ?? '',
      telephone: contact?.telephone ?? '',
    },
    ({ name, role, email, telephone }): ContactInput => ({
      client_id: contact?.client_id ?? clientId,
      name,
      role: role.trim() || null,
      email: email.trim() || null,
      telephone: telephone.trim() || null,
    }),
  );

  const send = (input: ContactInput) =>
    save.mutate(
      { id: contact?.id, input },
      { onSuccess: notifySaved(!contact, onDone), onError: form.capture },
    );

  return (
    <ModalForm
      onSubmit={form.submit(send)}
      formError={form.formError}
      submitLabel={contact ? 'Save' : 'Create contact'}
      pending={save.isPending}
      onCancel={onDone}
    >
      <TextInput label="Name" required data-autofocus {...form.bind('name')} />
      <TextInput label="Role" placeholder="e.g. Site manager" {...form.bind('role')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="E-mail" type="email" autoComplete="off" {...form.bind('email')} />
        <TextInput label="Telephone" type="tel" autoComplete="off" {...form.bind('telephone')} />
      </SimpleGrid>
    </ModalForm>
  );
}
