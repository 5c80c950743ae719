import { Anchor, Card, Group, Title } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { projectDocumentsPath, signedDocumentsPath } from './document-paths';

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
