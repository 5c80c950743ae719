import type { Project } from '@fieldwork/contract';
import { Button, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingSkyscraper, IconLock, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { RecordListView } from '../../ui/data-table/RecordListView';
import { ListEmptyState } from '../../ui/feedback/ListEmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { ProjectFilters } from './list/ProjectFilters';
import { ProjectsTable } from './list/ProjectsTable';
import { useProjectListState } from './list/use-project-list-state';
import { projectCount, useBulkProjectAction, useProjectList } from './projects-api';
import { ExportCsvButton } from '../../ui/data-table/ExportCsvButton';
import { MountWhenOpened, lazyComponent } from '../../ui/lazy-component';
import { ForbiddenError } from '../../api/errors';

// The dialogs load when first opened: they are most of this page's code.
const CreateProjectModal = lazyComponent(
  () => import('./create/CreateProjectModal'),
  'CreateProjectModal',
);
const EditProjectModal = lazyComponent(
  () => import('./details/EditProjectModal'),
  'EditProjectModal',
);

/**
 * /organisations/{slug}/projects, the default organisation page. What the caller may do with the
 * list comes with it (`meta.permissions`); a caller the server refuses the list (a guest) is told
 * where their projects are.
 */
export function ProjectsPage() {
  const list = useProjectListState();
  const projects = useProjectList(list.query);
  if (!(projects.error instanceof ForbiddenError))
    return <ProjectList list={list} projects={projects} />;
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

function ProjectList({
  list,
  projects,
}: {
  list: ReturnType<typeof useProjectListState>;
  projects: ReturnType<typeof useProjectList>;
}) {
  const may = projects.data?.meta.permissions ?? {};
  const bulk = useBulkProjectAction();
  const [creating, create] = useDisclosure(false);
  const [editing, setEditing] = useState<Project | null>(null);
  const rows = projects.data?.data ?? [];
  const canForce = rows.length > 0 && rows.every((row) => row.permissions?.force_delete === true);

  return (
    <Stack gap="lg">
      <ProjectsHeader
        actions={
          <>
            {/* The export route takes the write role, the one `create` answers for. */}
            {may.create && <ExportCsvButton plural="projects" exportRequest={list.exportRequest} />}
            {may.create && (
              <Button leftSection={<IconPlus size={16} />} onClick={create.open}>
                New project
              </Button>
            )}
          </>
        }
      />
      <ProjectFilters list={list} />
      <RecordListView
        list={list}
        result={projects}
        plural="projects"
        bulk={
          may.archive
            ? {
                mutation: bulk,
                countLabel: projectCount,
                showArchived: list.params.status === 'archived',
                canForce,
              }
            : undefined
        }
        empty={{
          icon: <IconBuildingSkyscraper size={32} />,
          title: 'No projects yet',
          description:
            'A project holds the work for one job of a client: its site, statuses, forms and people.',
          action: may.create && (
            <Button leftSection={<IconPlus size={16} />} onClick={create.open}>
              New project
            </Button>
          ),
        }}
      >
        {(rows, selection) => (
          <ProjectsTable
            projects={rows}
            sort={list.params.sort}
            onSort={list.sortBy}
            selection={may.archive ? selection : undefined}
            onEdit={may.update ? setEditing : undefined}
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
