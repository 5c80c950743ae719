import type { ProjectTemplate } from '@fieldwork/contract';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { RecordTable } from '../../ui/data-table/RecordTable';
import type { RecordColumn } from '../../ui/data-table/RecordTable';
import type { SortState } from '../../ui/data-table/sorting';
import type { RowSelection } from '../../ui/data-table/use-row-selection';
import { formatDate } from '../../ui/format';
import { ProjectTemplateRowActions } from './ProjectTemplateRowActions';
import { projectTemplatePath } from './template-paths';

export type TemplateSortColumn = 'name' | 'project_count' | 'updated_at';

function TemplateName({ template }: { template: ProjectTemplate }) {
  const { slug } = useCurrentOrganisation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Anchor component={Link} to={projectTemplatePath(slug, template.id)} fw={500}>
        {template.name}
      </Anchor>
      {template.archived_at && (
        <Badge size="sm" variant="light" color="gray">
          Archived
        </Badge>
      )}
    </Group>
  );
}

const COLUMNS: RecordColumn<ProjectTemplate, TemplateSortColumn>[] = [
  {
    sort: 'name',
    header: 'Name',
    cell: (template) => (
      <>
        <TemplateName template={template} />
        {template.description && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {template.description}
          </Text>
        )}
      </>
    ),
  },
  { sort: 'project_count', header: 'Projects', cell: (template) => template.project_count },
  {
    sort: 'updated_at',
    header: 'Updated',
    visibleFrom: 'sm',
    cell: (template) => formatDate(template.updated_at),
  },
];

export function ProjectTemplatesTable({
  templates,
  sort,
  onSort,
  selection,
  canEdit,
}: {
  templates: ProjectTemplate[] | undefined;
  sort: SortState<TemplateSortColumn>;
  onSort: (column: TemplateSortColumn) => void;
  selection: RowSelection;
  canEdit: boolean;
}) {
  return (
    <RecordTable
      rows={templates}
      columns={COLUMNS}
      sort={sort}
      onSort={onSort}
      minWidth={340}
      selection={canEdit ? { rows: selection, plural: 'templates' } : undefined}
      actions={
        canEdit ? (template) => <ProjectTemplateRowActions template={template} /> : undefined
      }
    />
  );
}
