import type { Project } from '@fieldwork/contract';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useCurrentOrganisation } from '../../../session/use-current-organisation';
import { RecordTable } from '../../../ui/data-table/RecordTable';
import type { RecordColumn } from '../../../ui/data-table/RecordTable';
import type { SortState } from '../../../ui/data-table/sorting';
import type { RowSelection } from '../../../ui/data-table/use-row-selection';
import { formatDate } from '../../../ui/format';
import { projectPath } from '../project-paths';
import { RowActionsButton } from '../../../ui/data-table/RowActionsButton';
import { useOnFirstUse } from '../../../ui/use-on-first-use';
import type { ProjectSortColumn } from './project-list-params';
import { useProjectReferenceEnabled } from '../use-project-reference';

export interface ProjectsTableProps {
  projects: Project[] | undefined;
  sort: SortState<ProjectSortColumn>;
  onSort: (column: ProjectSortColumn) => void;
  /** Left out for people who may not change projects: no checkboxes, no row menu. */
  selection?: RowSelection;
  onEdit?: (project: Project) => void;
}

const dash = (value: string | null) =>
  value ? (
    value
  ) : (
    <Text span c="dimmed" size="sm">
      —
    </Text>
  );

function ProjectNameLink({ project }: { project: Project }) {
  const { slug } = useCurrentOrganisation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Anchor component={Link} to={projectPath(slug, project.id)} size="sm" fw={500}>
        {project.name}
      </Anchor>
      {project.archived_at !== null && (
        <Badge size="xs" variant="light" color="gray">
          Archived
        </Badge>
      )}
    </Group>
  );
}

const COLUMNS: RecordColumn<Project, ProjectSortColumn>[] = [
  { sort: 'name', header: 'Name', cell: (project) => <ProjectNameLink project={project} /> },
  {
    sort: 'reference',
    header: 'Reference',
    visibleFrom: 'sm',
    cell: (project) => dash(project.reference),
  },
  { sort: 'client_name', header: 'Client', cell: (project) => dash(project.client_name) },
  { header: 'Owner', visibleFrom: 'sm', cell: (project) => dash(project.owner_name) },
  {
    sort: 'created_at',
    header: 'Created',
    visibleFrom: 'sm',
    cell: (project) => formatDate(project.created_at),
  },
];

export function ProjectsTable({ projects, sort, onSort, selection, onEdit }: ProjectsTableProps) {
  const referenceEnabled = useProjectReferenceEnabled();
  const columns = referenceEnabled
    ? COLUMNS
    : COLUMNS.filter((column) => column.sort !== 'reference');
  return (
    <RecordTable<Project, ProjectSortColumn>
      rows={projects}
      columns={columns}
      sort={sort}
      onSort={onSort}
      // Name and client fit a phone (390 px); reference, owner and created join from "sm" up.
      minWidth={340}
      selection={selection && { rows: selection, plural: 'projects' }}
      actions={
        onEdit && ((project) => <RowActions project={project} onEdit={() => onEdit(project)} />)
      }
    />
  );
}

const loadRowActions = () => import('./ProjectRowActions');

/** The row's "…" button; its menu (and Mantine's menu code) loads on the first click. */
function RowActions({ project, onEdit }: { project: Project; onEdit: () => void }) {
  const [loaded, use] = useOnFirstUse(loadRowActions);
  if (!loaded) return <RowActionsButton name={project.name} onClick={use} />;
  return <loaded.ProjectRowActions project={project} onEdit={onEdit} defaultOpened />;
}
