import type { Project } from '@fieldwork/contract';
import { Button, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLock, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { RecordListView } from '../../ui/data-table/RecordListView';
import { ListEmptyState } from '../../ui/feedback/ListEmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { ProjectFilters } from './list/ProjectFilters';
import { ProjectsEmptyState } from './list/ProjectsEmptyState';
import { ProjectsTable } from './list/ProjectsTable';
import { useProjectListState } from './list/use-project-list-state';
import { useProjectPermissions } from './project-permissions';
import { projectCount, useBulkProjectAction, useProjectList } from './projects-api';
import { ExportCsvButton } from '../../ui/data-table/ExportCsvButton';
import { MountWhenOpened, lazyComponent } from '../../ui/lazy-component';

// The dialogs load when first opened: they are most of this page's code.
const CreateProjectModal = lazyComponent(
  () => import('./create/CreateProjectModal'),
  'CreateProjectModal',
);
const EditProjectModal = lazyComponent(
  () => import('./details/EditProjectModal'),
  'EditProjectModal',
);

/** /organisations/{slug}/projects, the default organisation page. */
export function ProjectsPage() {
  const permissions = useProjectPermissions();
  if (permissions.read) return <ProjectList />;
  return (
    <Stack gap="lg">
      <ProjectsHeader />
      <ListEmptyState
        icon={<IconLock size={32} />}
        title="Projects are for members"
        description="Guests work on the projects they were invited to in the mobile app."
      />
    </Stack>
  );
}

function ProjectsHeader({ actions }: { actions?: ReactNode }) {
  const organisation = useCurrentOrganisation();
  return (
    <PageHeader
      title="Projects"
      description={`The sites and jobs ${organisation.name} is working on.`}
      actions={actions}
    />
  );
}

function ProjectList() {
  const permissions = useProjectPermissions();
  const list = useProjectListState();
  const projects = useProjectList(list.query);
  const bulk = useBulkProjectAction();
  const [creating, create] = useDisclosure(false);
  const [editing, setEditing] = useState<Project | null>(null);
  const rows = projects.data?.data ?? [];
  const canForce = rows.length > 0 && rows.every((row) => row.permissions?.force_delete === true);

  return (
    <Stack gap="lg">
      <ProjectsHeader
        actions={
          permissions.manage && (
            <>
              <ExportCsvButton plural="projects" exportRequest={list.exportRequest} />
              <Button leftSection={<IconPlus size={16} />} onClick={create.open}>
                New project
              </Button>
            </>
          )
        }
      />
      <ProjectFilters list={list} />
      <RecordListView
        list={list}
        result={projects}
        plural="projects"
        bulk={
          permissions.manage
            ? {
                mutation: bulk,
                countLabel: projectCount,
                showArchived: list.params.status === 'archived',
                canForce,
              }
            : undefined
        }
        empty={
          <ProjectsEmptyState
            isFiltered={list.isFiltered}
            onCreate={permissions.manage ? create.open : undefined}
            onClearFilters={list.clearFilters}
          />
        }
      >
        {(rows, selection) => (
          <ProjectsTable
            projects={rows}
            sort={list.params.sort}
            onSort={list.sortBy}
            selection={permissions.manage ? selection : undefined}
            onEdit={permissions.manage ? setEditing : undefined}
          />
        )}
      </RecordListView>
      <MountWhenOpened opened={creating}>
        <CreateProjectModal opened={creating} onClose={create.close} />
      </MountWhenOpened>
      <MountWhenOpened opened={editing !== null}>
        <EditProjectModal project={editing} onClose={() => setEditing(null)} />
      </MountWhenOpened>
    </Stack>
  );
}
