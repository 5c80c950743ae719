import { EmptyState, Paper, Stack } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { PageHeader } from '../../ui/PageHeader';

/** The default organisation page. Projects arrive with the projects API; until then it is empty. */
export function ProjectsPage() {
  const organisation = useCurrentOrganisation();
  return (
    <Stack gap="lg">
      <PageHeader
        title="Projects"
        description={`The sites and jobs ${organisation.name} is working on.`}
      />
      <Paper withBorder radius="md" py={48} px="md">
        <EmptyState
          icon={<IconBuildingSkyscraper size={32} />}
          variant="light"
          title="No projects yet"
          description="Projects you create for this organisation will be listed here."
        />
      </Paper>
    </Stack>
  );
}
