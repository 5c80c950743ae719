import type { Project } from '@fieldwork/contract';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDate } from '../../../ui/format';
import { OverviewCard } from './OverviewCard';
import { useProjectReferenceEnabled } from '../use-project-reference';

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" c={value ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
        {value || 'Not set'}
      </Text>
    </Stack>
  );
}

/** Who it is for and who runs it: client, owner, reference, package, developer. */
export function ProjectDetailsCard({ project }: { project: Project }) {
  const referenceEnabled = useProjectReferenceEnabled();
  return (
    <OverviewCard title="Details">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
        <Detail label="Client" value={project.client_name} />
        <Detail label="Owner" value={project.owner_name} />
        {referenceEnabled && <Detail label="Reference" value={project.reference} />}
        <Detail label="Package" value={project.package} />
        <Detail label="Developer" value={project.developer} />
        <Detail label="Created" value={formatDate(project.created_at)} />
      </SimpleGrid>
    </OverviewCard>
  );
}
