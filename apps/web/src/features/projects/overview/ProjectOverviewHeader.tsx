import type { Project } from '@fieldwork/contract';
import { ActionIcon, Anchor, Badge, Button, Group, Menu, Stack, Text, Title } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconArrowLeft,
  IconCopy,
  IconDots,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useCurrentOrganisation } from '../../../session/use-current-organisation';
import { projectSettingsPath, projectsPath } from '../project-paths';
import { useProjectActions } from './use-project-actions';
import { useProjectReferenceEnabled } from '../use-project-reference';
import { EditButton } from '../../../ui/EditButton';
import { ExportReportButton } from '../../reports';

/** Back to the list, the project's name and badges, and what can be done with it. */
export function ProjectOverviewHeader({
  project,
  onEdit,
  action,
}: {
  project: Project;
  onEdit: () => void;
  /** The page's main action, first (the hub's "New job"). */
  action?: ReactNode;
}) {
  const { slug } = useCurrentOrganisation();
  const canUpdate = project.permissions?.update === true;
  const actions = useProjectActions(project);
  const archived = project.archived_at !== null;
  const referenceEnabled = useProjectReferenceEnabled();
  const subtitle = [referenceEnabled && project.reference, project.client_name]
    .filter(Boolean)
    .join(' · ');

  return (
    <Stack gap="xs">
      <Anchor component={Link} to={projectsPath(slug)} size="sm" c="dimmed">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={14} />
          Projects
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0}>
          <Group gap="sm" wrap="wrap">
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {project.name}
            </Title>
            {archived && (
              <Badge variant="light" color="gray">
                Archived
              </Badge>
            )}
          </Group>
          {subtitle && <Text c="dimmed">{subtitle}</Text>}
        </Stack>
        <Group gap="xs" wrap="wrap">
          {action}
          {canUpdate && <EditButton onClick={onEdit}>Edit details</EditButton>}
          <ExportReportButton
            selection={{ kind: 'project', projectId: project.id }}
            what={`${project.name} job sheets`}
          />
          <Button
            component={Link}
            to={projectSettingsPath(slug, project.id)}
            variant="default"
            leftSection={<IconSettings size={16} />}
          >
            Settings
          </Button>
          {canUpdate && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label="More actions"
                  loading={actions.pending}
                >
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconCopy size={16} />} onClick={actions.duplicate}>
                  Duplicate
                </Menu.Item>
                <Menu.Item
                  leftSection={archived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
                  onClick={actions.toggleArchived}
                >
                  {archived ? 'Unarchive' : 'Archive'}
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={actions.remove}
                >
                  Delete
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
