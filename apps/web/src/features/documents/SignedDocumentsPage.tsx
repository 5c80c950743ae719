import type { SignedDocument } from '@fieldwork/contract';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  MultiSelect,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconSignature, IconUserMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { PageHeader } from '../../ui/PageHeader';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { ListEmptyState } from '../../ui/feedback/ListEmptyState';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { formatDateTime } from '../../ui/format-time';
import { useMemberOptions, useTeamOptions } from '../people';
import { projectDocumentsPath, signingPath } from './document-paths';
import {
  useAddRecipients,
  useManagesSignedDocuments,
  useRecipients,
  useRemind,
  useRemoveRecipient,
  useSetPreventJobSheets,
  useSignedDocuments,
  useSwitch,
} from './documents-api';
import { SigningProgress, SWITCHES } from './signed-document-parts';

/**
 * /organisations/{slug}/projects/{id}/documents/signed: a project's signed documents with their progress.
 * Managers switch each (publish, enable, automate, mandate), see every recipient's progress,
 * ask more members and remind those who have not signed; everyone signs what waits for them.
 */
export function SignedDocumentsPage() {
  const { projectId = '' } = useParams();
  const { slug } = useCurrentOrganisation();
  const manages = useManagesSignedDocuments();
  const documents = useSignedDocuments(projectId);
  const [open, setOpen] = useState<SignedDocument | null>(null);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Signed documents"
        description={
          <Anchor component={Link} to={projectDocumentsPath(slug, projectId)}>
            This project’s documents
          </Anchor>
        }
      />
      {documents.isError && !documents.data ? (
        <QueryErrorState title="Could not load the signed documents" query={documents} />
      ) : !documents.data ? (
        <Loader role="status" aria-label="Loading the signed documents" />
      ) : documents.data.length === 0 ? (
        <ListEmptyState
          icon={<IconSignature size={32} />}
          title="No signed documents"
          description={
            manages
              ? 'Make one from a PDF among the project’s documents.'
              : 'Nothing is waiting for your signature.'
          }
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {documents.data.map((document) => (
            <DocumentCard
              key={document.id}
              document={document}
              manages={manages}
              onRecipients={() => setOpen(document)}
            />
          ))}
        </SimpleGrid>
      )}
      {open && <RecipientsModal document={open} manages={manages} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

function DocumentCard({
  document,
  manages,
  onRecipients,
}: {
  document: SignedDocument;
  manages: boolean;
  onRecipients: () => void;
}) {
  const { slug } = useCurrentOrganisation();
  const toggle = useSwitch();
  const prevent = useSetPreventJobSheets();
  return (
    <Card
      withBorder
      component="article"
      aria-label={document.name}
      data-testid={`signed-${document.name}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fw={600}>{document.name}</Text>
            <Text size="sm" c="dimmed">
              {document.project.name}
              {document.reference ? ` · ${document.reference}` : ''}
            </Text>
          </div>
          {document.is_outstanding && <Badge color="orange">To sign</Badge>}
        </Group>
        {document.prevent_job_sheets && document.is_mandatory && (
          <Text size="sm">Job sheets on this project wait until it is signed.</Text>
        )}
        <SigningProgress document={document} opened />
        {manages && (
          <SimpleGrid cols={2} spacing="xs">
            {SWITCHES.map((entry) => {
              const on = entry.value(document);
              return (
                <Switch
                  key={entry.label}
                  label={entry.label}
                  checked={on}
                  disabled={toggle.isPending}
                  onChange={() =>
                    toggle.mutate(
                      { id: document.id, action: on ? entry.off : entry.on },
                      {
                        onError: (error) =>
                          notifyFailure(`Could not change ${entry.label.toLowerCase()}`, error),
                      },
                    )
                  }
                />
              );
            })}
            <Switch
              label="Stops job sheets"
              checked={document.prevent_job_sheets}
              disabled={prevent.isPending}
              onChange={() =>
                prevent.mutate(
                  { id: document.id, on: !document.prevent_job_sheets },
                  { onError: (error) => notifyFailure('Could not change it', error) },
                )
              }
            />
          </SimpleGrid>
        )}
        <Group gap="sm">
          {document.is_outstanding && (
            <Button component={Link} to={signingPath(slug, document.project_id, document.id)}>
              Read and sign
            </Button>
          )}
          <Button variant="default" onClick={onRecipients}>
            {manages ? 'Recipients' : 'My signature'}
          </Button>
          {document.last_requested_at && (
            <Text size="xs" c="dimmed">
              Last reminder {formatDateTime(document.last_requested_at)}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function RecipientsModal({
  document,
  manages,
  onClose,
}: {
  document: SignedDocument;
  manages: boolean;
  onClose: () => void;
}) {
  const recipients = useRecipients(document.id);
  const remind = useRemind();
  const removeRecipient = useRemoveRecipient();
  return (
    <Modal opened onClose={onClose} title={document.name} size="lg">
      <Stack gap="md">
        {!recipients.data ? (
          <Loader size="sm" role="status" aria-label="Loading the recipients" />
        ) : recipients.data.length === 0 ? (
          <Text c="dimmed">Nobody is asked to sign yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table aria-label="Recipients">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Member</Table.Th>
                  <Table.Th>Opened</Table.Th>
                  <Table.Th>Signed</Table.Th>
                  {manages && (
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {recipients.data.map((member) => (
                  <Table.Tr key={member.id}>
                    <Table.Td>{member.user.name}</Table.Td>
                    <Table.Td>
                      {member.viewed_at.length
                        ? `${member.viewed_at.length}×, last ${formatDateTime(member.viewed_at[member.viewed_at.length - 1]!)}`
                        : 'Not yet'}
                    </Table.Td>
                    <Table.Td>
                      {member.completed_at ? (
                        member.signed_file ? (
                          <Anchor href={`${member.signed_file.url}&download=1`}>
                            {formatDateTime(member.completed_at)} (signed copy)
                          </Anchor>
                        ) : (
                          `${formatDateTime(member.completed_at)} (copy being made)`
                        )
                      ) : (
                        'Not yet'
                      )}
                    </Table.Td>
                    {manages && (
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove ${member.user.name}`}
                          loading={
                            removeRecipient.isPending &&
                            removeRecipient.variables?.memberId === member.id
                          }
                          onClick={() =>
                            removeRecipient.mutate(
                              { id: document.id, memberId: member.id },
                              {
                                onSuccess: () => void recipients.refetch(),
                                onError: (error) =>
                                  notifyFailure(`Could not remove ${member.user.name}`, error),
                              },
                            )
                          }
                        >
                          <IconUserMinus size={18} />
                        </ActionIcon>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {manages && (
          <>
            <AskMoreRecipients
              documentId={document.id}
              asked={(recipients.data ?? []).map((member) => member.user_id)}
              onAdded={() => void recipients.refetch()}
            />
            <Group justify="flex-end">
              <Button
                variant="default"
                loading={remind.isPending}
                disabled={document.pending_count === 0}
                onClick={() =>
                  remind.mutate(document.id, {
                    onSuccess: (answer) =>
                      notifySuccess(`Reminder sent to ${answer?.reminded ?? 0} member(s)`),
                    onError: (error) => notifyFailure('Could not send the reminders', error),
                  })
                }
              >
                Remind those who have not signed
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}

/** Asks more members to sign, by name or by whole teams (those asked already are not offered). */
function AskMoreRecipients({
  documentId,
  asked,
  onAdded,
}: {
  documentId: string;
  asked: string[];
  onAdded: () => void;
}) {
  const add = useAddRecipients();
  const [adding, setAdding] = useState<string[]>([]);
  const [addingTeams, setAddingTeams] = useState<string[]>([]);
  const members = useMemberOptions();
  const teams = useTeamOptions();
  const options = members.options.filter((option) => !asked.includes(option.value));
  const teamOptions = (teams.data ?? []).map((team) => ({ value: team.id, label: team.name }));
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <MultiSelect
        label="Ask more members"
        data={options}
        value={adding}
        onChange={setAdding}
        searchable
        style={{ flex: 1, minWidth: 200 }}
      />
      <MultiSelect
        label="…or whole teams"
        data={teamOptions}
        value={addingTeams}
        onChange={setAddingTeams}
        searchable
        nothingFoundMessage="No team of that name"
        style={{ flex: 1, minWidth: 200 }}
      />
      <Button
        disabled={!adding.length && !addingTeams.length}
        loading={add.isPending}
        onClick={() =>
          add.mutate(
            { id: documentId, userIds: adding, teamIds: addingTeams },
            {
              onSuccess: () => {
                setAdding([]);
                setAddingTeams([]);
                onAdded();
              },
              onError: (error) => notifyFailure('Could not add them', error),
            },
          )
        }
      >
        Add
      </Button>
    </Group>
  );
}
