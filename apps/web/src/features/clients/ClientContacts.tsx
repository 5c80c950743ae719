import type { Contact } from '@fieldwork/contract';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowsExchange, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { RecordActionsMenu } from '../../ui/data-table/RecordActionsMenu';
import { RecordName } from '../../ui/data-table/RecordTable';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { useEditTarget } from '../../ui/forms/RecordFormModal';
import { contactsApi, useClientContacts } from './clients-api';
import { ContactFormModal } from './ContactFormModal';
import { MoveContactModal } from './MoveContactModal';

/**
 * A client's contacts: create, edit, move to another client, archive, delete, as far as the
 * list's `meta.permissions` allow (New contact on `create`, the row menu on `update`).
 */
export function ClientContacts({ clientId }: { clientId: string }) {
  const [showArchived, setShowArchived] = useState(false);
  const contacts = useClientContacts(clientId, showArchived);
  const edit = useEditTarget<Contact>();
  const [moving, setMoving] = useState<Contact | null>(null);
  const rows = contacts.data?.data;
  const may = contacts.data?.meta.permissions ?? {};
  const canWrite = may.update === true;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="client-contacts">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="client-contacts">
            Contacts
          </Title>
          <Group gap="sm">
            <Checkbox
              label="Show archived"
              checked={showArchived}
              onChange={(event) => setShowArchived(event.currentTarget.checked)}
            />
            {may.create === true && (
              <Button size="xs" leftSection={<IconPlus size={14} />} onClick={edit.openCreate}>
                New contact
              </Button>
            )}
          </Group>
        </Group>
        {contacts.isError ? (
          <QueryErrorState title="Could not load the contacts" query={contacts} />
        ) : rows === undefined ? (
          <Skeleton h={80} radius="md" />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {showArchived ? 'No archived contacts.' : 'No contacts yet.'}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={0}>
            <Table verticalSpacing="xs" aria-label="Contacts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th visibleFrom="sm">Role</Table.Th>
                  <Table.Th>Contact details</Table.Th>
                  {canWrite && (
                    <Table.Th>
                      <Text span size="sm" fw={700}>
                        Actions
                      </Text>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((contact) => (
                  <Table.Tr key={contact.id}>
                    <Table.Td>
                      <RecordName
                        name={contact.name}
                        archived={contact.archived_at !== null}
                        wrap="wrap"
                      />
                      {contact.role && (
                        <Text size="xs" c="dimmed" hiddenFrom="sm">
                          {contact.role}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td visibleFrom="sm">{contact.role ?? '—'}</Table.Td>
                    <Table.Td>
                      <Stack gap={0}>
                        {contact.email && (
                          <Anchor href={`mailto:${contact.email}`} size="sm">
                            {contact.email}
                          </Anchor>
                        )}
                        {contact.telephone && (
                          <Anchor href={`tel:${contact.telephone}`} size="sm">
                            {contact.telephone}
                          </Anchor>
                        )}
                        {!contact.email && !contact.telephone && '—'}
                      </Stack>
                    </Table.Td>
                    {canWrite && (
                      <Table.Td>
                        <RecordActionsMenu
                          record={contact}
                          api={contactsApi}
                          deleteTitle="Delete contact"
                          deleteMessage={`Delete ${contact.name}? This cannot be undone.`}
                          onEdit={() => edit.openEdit(contact)}
                          canForce={false}
                        >
                          <Menu.Item
                            leftSection={<IconArrowsExchange size={16} />}
                            onClick={() => setMoving(contact)}
                          >
                            Move to another client
                          </Menu.Item>
                        </RecordActionsMenu>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ContactFormModal clientId={clientId} target={edit.target} onClose={edit.close} />
      <MoveContactModal contact={moving} onClose={() => setMoving(null)} />
    </Paper>
  );
}
