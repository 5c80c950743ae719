import { contactCreateSchema } from '@fieldwork/contract';
import type { Contact } from '@fieldwork/contract';
import { SimpleGrid, TextInput } from '@mantine/core';
import { RecordForm } from '../../ui/forms/RecordForm';
import { recordFormModal } from '../../ui/forms/RecordFormModal';
import type { RecordFormProps } from '../../ui/forms/RecordFormModal';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { useSaveContact } from './clients-api';
import type { ContactInput } from './clients-api';
import { NameInput } from '../../ui/forms/NameInput';

function ContactForm({
  clientId,
  record: contact,
  onDone,
}: RecordFormProps<Contact> & { clientId: string }) {
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

  return (
    <RecordForm
      form={form}
      record={contact}
      save={save}
      createLabel="Create contact"
      onDone={onDone}
    >
      <NameInput {...form.bind('name')} />
      <TextInput label="Role" placeholder="e.g. Site manager" {...form.bind('role')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="E-mail" type="email" autoComplete="off" {...form.bind('email')} />
        <TextInput label="Telephone" type="tel" autoComplete="off" {...form.bind('telephone')} />
      </SimpleGrid>
    </RecordForm>
  );
}

/** "New contact" / "Edit contact" of a client: name, role, e-mail and telephone. */
export const ContactFormModal = recordFormModal('contact', ContactForm);
