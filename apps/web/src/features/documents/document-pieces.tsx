import type { SignedDocument } from '@fieldwork/contract';
import { Anchor, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { WholeBadge } from '../../ui/RecordRow';
import { projectDocumentsPath, signedDocumentsPath, signingPath } from './document-paths';
import { openForSigning } from './signed-document-parts';

// What other features show of documents, in one module: the project hub's Documents card and the
// lines of documents to sign (inbox, signed documents page). The card in a module of its own,
// reached from the navigation through index.ts, split the first load into 15 more chunks (3.1 KB
// gzip more, scripts/bundle-budget.mjs); here it costs nothing.

/** On a project's page: the way to its documents and its signed documents. */
export function ProjectDocumentsCard({ projectId }: { projectId: string }) {
  const { slug } = useCurrentOrganisation();
  return (
    <Card withBorder component="section" aria-label="Documents">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Group gap="sm">
          <IconFolder size={22} aria-hidden />
          <Title order={2} size="h4">
            Documents
          </Title>
        </Group>
        <Group gap="md">
          <Anchor component={Link} to={projectDocumentsPath(slug, projectId)}>
            Documents
          </Anchor>
          <Anchor component={Link} to={signedDocumentsPath(slug, projectId)}>
            Signed documents
          </Anchor>
        </Group>
      </Group>
    </Card>
  );
}

/** The signing screen of a document waiting for the caller's signature. */
export function ReadAndSignLink({ document }: { document: SignedDocument }) {
  const { slug } = useCurrentOrganisation();
  return (
    <Anchor
      component={Link}
      to={signingPath(slug, document.project_id, document.id)}
      style={{ whiteSpace: 'nowrap' }}
    >
      Read and sign
    </Anchor>
  );
}

/**
 * One document asked of the caller, as the inbox and the signed documents page list them: its
 * name, project and whether job sheets wait for it, then "Read and sign" while it waits for them.
 */
export function SignedDocumentLine({ document }: { document: SignedDocument }) {
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={document.name}>
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={0} miw={0}>
          <Text fw={500}>{document.name}</Text>
          <Text size="xs" c="dimmed">
            {document.project.name}
            {document.reference ? ` · ${document.reference}` : ''}
          </Text>
          {/* On a line of its own: cut short on a phone, it was the part that went. */}
          {document.prevent_job_sheets && document.is_mandatory && (
            <Text size="xs" fw={500}>
              Job sheets wait for it
            </Text>
          )}
        </Stack>
        {document.is_outstanding ? (
          <ReadAndSignLink document={document} />
        ) : openForSigning(document) ? (
          <WholeBadge color="green">Signed</WholeBadge>
        ) : (
          <Text size="sm" c="dimmed">
            Not open for signing
          </Text>
        )}
      </Group>
    </Paper>
  );
}
