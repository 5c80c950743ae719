import type { JobSheet, ListQuery } from '@fieldwork/contract';
import { Anchor, Badge, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { IconClipboardList, IconCopy } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { RecordListView } from '../../ui/data-table/RecordListView';
import { SkeletonRows } from '../../ui/data-table/SkeletonRows';
import { SortableTh } from '../../ui/data-table/SortableTh';
import { formatDateTime } from '../../ui/format-time';
import { PageHeader } from '../../ui/PageHeader';
import { ExportReportButton } from '../reports';
import { BulkDecisionBar } from './BulkDecisionBar';
import { JobSheetFiltersBar } from './JobSheetFiltersBar';
import { jobSheetPath } from './job-sheet-paths';
import { useJobSheetList } from './job-sheets-api';
import { SheetStatusBadge } from './SheetStatusBadge';
import { useJobSheetListState } from './use-job-sheet-list-state';

/** /organisations/{slug}/job_sheets: every sheet, filtered and sorted, decided in bulk. */
export function JobSheetsPage() {
  const organisation = useCurrentOrganisation();
  const list = useJobSheetListState();
  const sheets = useJobSheetList(list.query);
  const numbers = new Map((sheets.data?.data ?? []).map((sheet) => [sheet.id, sheet.number]));

  return (
    <Stack gap="lg">
      <PageHeader
        title="Job sheets"
        description="Sheets filled in on jobs, and their approvals."
        actions={
          <ExportReportButton
            selection={{
              kind: 'sheets',
              filter: exportFilter(list.query.filter),
              sort: [list.query.sort ?? []].flat().join(',') || undefined,
            }}
            what={list.isFiltered ? 'the filtered job sheets' : 'all job sheets'}
          />
        }
      />
      <JobSheetFiltersBar list={list} />
      <RecordListView
        list={list}
        result={sheets}
        plural="job sheets"
        empty={{
          icon: <IconClipboardList />,
          title: 'No job sheets yet',
          description: 'Operatives start a sheet from a job, with one of its forms.',
        }}
      >
        {(rows, selection) => (
          <>
            <BulkDecisionBar ids={selection.ids} numbers={numbers} onDone={selection.clear} />
            <Table.ScrollContainer minWidth={0}>
              <Table highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={36}>
                      <Checkbox
                        aria-label="Select all sheets on this page"
                        checked={selection.allSelected}
                        indeterminate={selection.someSelected}
                        onChange={selection.toggleAll}
                      />
                    </Table.Th>
                    <SortableTh column="number" sort={list.sort} onSort={list.sortBy}>
                      Sheet
                    </SortableTh>
                    <SortableTh column="status" sort={list.sort} onSort={list.sortBy}>
                      Status
                    </SortableTh>
                    <Table.Th visibleFrom="sm">Operative</Table.Th>
                    <SortableTh
                      column="submitted_at"
                      sort={list.sort}
                      onSort={list.sortBy}
                      visibleFrom="sm"
                    >
                      Submitted
                    </SortableTh>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows === undefined ? (
                    <SkeletonRows columns={5} />
                  ) : (
                    rows.map((sheet) => (
                      <SheetRow
                        key={sheet.id}
                        sheet={sheet}
                        href={jobSheetPath(organisation.slug, sheet.id)}
                        selected={selection.isSelected(sheet.id)}
                        onToggle={() => selection.toggle(sheet.id)}
                      />
                    ))
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </RecordListView>
    </Stack>
  );
}

function SheetRow({
  sheet,
  href,
  selected,
  onToggle,
}: {
  sheet: JobSheet;
  href: string;
  selected: boolean;
  onToggle: () => void;
}) {
  return (
    <Table.Tr bg={selected ? 'var(--mantine-color-blue-light)' : undefined}>
      <Table.Td>
        <Checkbox
          aria-label={`Select sheet ${sheet.number}`}
          checked={selected}
          onChange={onToggle}
        />
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={href} fw={500}>
          Sheet {sheet.number}
        </Anchor>
        <Text size="xs" c="dimmed">
          {sheet.form_name} · Job {sheet.job_number}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          <SheetStatusBadge status={sheet.status} />
          {sheet.duplicate_photos.length > 0 && (
            <Badge color="orange" variant="outline" leftSection={<IconCopy size={12} />}>
              Duplicates
            </Badge>
          )}
        </Group>
        {sheet.status === 'SUBMITTED' && sheet.current_approval_stage && (
          <Text size="xs" c="dimmed">
            {sheet.current_approval_stage.name}
          </Text>
        )}
      </Table.Td>
      <Table.Td visibleFrom="sm">{sheet.operative_name ?? '—'}</Table.Td>
      <Table.Td visibleFrom="sm">
        {sheet.submitted_at ? formatDateTime(sheet.submitted_at) : '—'}
      </Table.Td>
    </Table.Tr>
  );
}

/** The list's filters as a report takes them (lists comma-joined, as the list grammar does). */
function exportFilter(filter: ListQuery['filter']): Record<string, string | number | boolean> {
  return Object.fromEntries(
    Object.entries(filter ?? {}).flatMap(([name, value]) =>
      value === null || value === undefined
        ? []
        : [[name, Array.isArray(value) ? value.join(',') : value]],
    ),
  );
}
