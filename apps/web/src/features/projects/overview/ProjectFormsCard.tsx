import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useCurrentOrganisation } from '../../../session/use-current-organisation';
import { QueryErrorState } from '../../../ui/feedback/ErrorState';
import { projectSettingsPath } from '../project-paths';
import { useConfigList } from '../settings/use-config-list';
import { OverviewCard } from './OverviewCard';

/** The forms the project's jobs are filled in with, and the way to change them. */
export function ProjectFormsCard({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const { slug } = useCurrentOrganisation();
  const forms = useConfigList({ kind: 'project', id: projectId }, 'forms');
  return (
    <OverviewCard
      title="Forms"
      actions={
        canEdit && (
          <Anchor component={Link} to={`${projectSettingsPath(slug, projectId)}/forms`} size="sm">
            Manage forms
          </Anchor>
        )
      }
    >
      {forms.isError ? (
        <QueryErrorState title="Could not load the forms" query={forms} />
      ) : !forms.data ? (
        <Skeleton h={40} radius="md" />
      ) : forms.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No forms yet: add one so jobs can be filled in.
        </Text>
      ) : (
        <Stack gap={4} component="ul" m={0} pl="md">
          {forms.data.map((form) => (
            <Text component="li" size="sm" key={form.id}>
              {form.name}
            </Text>
          ))}
        </Stack>
      )}
    </OverviewCard>
  );
}
