import type { Project } from '@fieldwork/contract';
import { Menu } from '@mantine/core';
import { IconCopy, IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useCurrentOrganisation } from '../../../session/use-current-organisation';
import { RecordActionsMenu } from '../../../ui/data-table/RecordActionsMenu';
import { notifyFailure, notifySuccess } from '../../../ui/feedback/notify';
import { projectPath } from '../project-paths';
import { projectsApi, useDuplicateProject } from '../projects-api';

/** A row's menu: Edit details, Open, Duplicate, Archive or Unarchive, Delete. */
export function ProjectRowActions({
  project,
  onEdit,
  defaultOpened = false,
}: {
  project: Project;
  onEdit: () => void;
  /** Open from the start: loaded by a click on the row's stand-in button (ProjectsTable). */
  defaultOpened?: boolean;
}) {
  const { slug } = useCurrentOrganisation();
  const duplicate = useDuplicateProject();

  const duplicateProject = () =>
    duplicate.mutate(
      { id: project.id },
      {
        onSuccess: (copy) => notifySuccess(`${copy.name} created`),
        onError: (error) => notifyFailure(`Could not duplicate ${project.name}`, error),
      },
    );

  return (
    <RecordActionsMenu
      record={project}
      api={projectsApi}
      deleteTitle="Delete project"
      deleteMessage={`Delete ${project.name}? This cannot be undone.`}
      onEdit={onEdit}
      canForce={project.permissions?.force_delete === true}
      defaultOpened={defaultOpened}
    >
      <Menu.Item
        component={Link}
        to={projectPath(slug, project.id)}
        leftSection={<IconExternalLink size={16} />}
      >
        Open
      </Menu.Item>
      <Menu.Item leftSection={<IconCopy size={16} />} onClick={duplicateProject}>
        Duplicate
      </Menu.Item>
    </RecordActionsMenu>
  );
}
