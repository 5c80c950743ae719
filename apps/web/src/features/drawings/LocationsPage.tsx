import type { Location } from '@fieldwork/contract';
import { Anchor, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useCollectionPermissions, useResourceList } from '../../api/resource-hooks';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { CsvImportButton } from '../../ui/csv-import/CsvImportButton';
import { RecordListView } from '../../ui/data-table/RecordListView';
import { SearchInput } from '../../ui/data-table/SearchInput';
import { SortableTh } from '../../ui/data-table/SortableTh';
import { fromSortParam } from '../../ui/data-table/use-list-controls';
import { pageOf, useUrlState } from '../../ui/data-table/use-url-state';
import { LocationStatusChip } from '../projects';
import { ExportReportButton } from '../reports';
import { locationPath } from './drawing-paths';
import { locationsApi, useLocationStatuses, useProjectBlocks } from './drawings-api';
import { ProjectLocationsHeader } from './ProjectLocationsNav';

type LocationSort = 'number' | 'reference';
const PAGE_SIZE = 50;

/**
 * …/projects/{projectId}/locations: the project's locations, searched by number or reference and
 * filtered by status and level (filter[status_id], filter[level_id]); the search, filters, sort
 * and page live in the address. A location opens on its drawing.
 */
export function LocationsPage() {
  const { projectId = '' } = useParams();
  const { slug } = useCurrentOrganisation();
  const [url, setUrl] = useUrlState({
    search: '',
    status: '',
    level: '',
    sort: 'number',
    page: '1',
  });
  const statuses = useLocationStatuses(projectId);
  const blocks = useProjectBlocks(projectId);
  const query = useMemo(
    () => ({
      filter: {
        project_id: projectId,
        ...(url.search ? { search: url.search } : {}),
        ...(url.status ? { status_id: url.status } : {}),
        ...(url.level ? { level_id: url.level } : {}),
      },
      sort: url.sort,
      page: { number: pageOf(url.page), size: PAGE_SIZE },
    }),
    [projectId, url.search, url.status, url.level, url.sort, url.page],
  );
  const locations = useResourceList(locationsApi, query);
  // Those who may delete locations manage them, imports included (the list's `meta.permissions`).
  const manages = useCollectionPermissions(locationsApi, { ask: false }).data?.delete === true;
  // The report holds what the list shows, on every page: the filters without the project.
  const { project_id: _project, ...reportFilter } = query.filter;
  const sort = fromSortParam<LocationSort>(url.sort);
  const filtered = Boolean(url.search || url.status || url.level);
  const list = {
    query,
    setPage: (page: number) => setUrl({ page: String(page) }),
    isFiltered: filtered,
    clearFilters: () => setUrl({ search: '', status: '', level: '', page: '1' }),
  };
  const sortBy = (column: LocationSort) =>
    setUrl({
      sort: sort.column === column && sort.direction === 'asc' ? `-${column}` : column,
      page: '1',
    });

  return (
    <Stack gap="md">
      <ProjectLocationsHeader projectId={projectId} title="Locations" current="locations">
        <Group gap="sm" wrap="wrap" mt="xs">
          <ExportReportButton
            selection={{ kind: 'locations', projectId, filter: reportFilter, sort: url.sort }}
            what={filtered ? 'the listed locations' : 'the project’s locations'}
          />
          <ExportReportButton
            selection={{ kind: 'specifications', projectId }}
            what="the project’s specifications"
            label="Specifications report"
          />
          {manages && (
            <CsvImportButton
              kind="locations_csv"
              title="Import locations"
              noun={(count) => `${count.toLocaleString()} location${count === 1 ? '' : 's'}`}
              fields={{ project_id: projectId }}
              onImported={() => void locations.refetch()}
            />
          )}
        </Group>
      </ProjectLocationsHeader>
      <Group gap="md" wrap="wrap">
        <SearchInput
          label="Search locations"
          value={url.search}
          onChange={(search) => setUrl({ search, page: '1' })}
        />
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          data={(statuses.data ?? []).map((status) => ({ value: status.id, label: status.name }))}
          value={url.status || null}
          onChange={(status) => setUrl({ status: status ?? '', page: '1' })}
        />
        <Select
          label="Level"
          placeholder="Any level"
          clearable
          data={(blocks.data ?? []).flatMap((block) =>
            block.levels.map((level) => ({
              value: level.id,
              label: `${block.name} · ${level.name}`,
            })),
          )}
          value={url.level || null}
          onChange={(level) => setUrl({ level: level ?? '', page: '1' })}
        />
      </Group>
      <RecordListView
        list={list}
        result={locations}
        plural="locations"
        empty={{
          icon: <IconMapPin size={32} />,
          title: 'No locations yet',
          description: "Open a drawing and click it to add the project's locations.",
        }}
      >
        {(rows) => (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <SortableTh column="number" sort={sort} onSort={sortBy}>
                    Number
                  </SortableTh>
                  <SortableTh column="reference" sort={sort} onSort={sortBy}>
                    Reference
                  </SortableTh>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Where</Table.Th>
                  <Table.Th>Job sheets</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(rows ?? []).map((location: Location) => (
                  <Table.Tr key={location.id}>
                    <Table.Td>
                      <Anchor component={Link} to={locationPath(slug, location)}>
                        {location.number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{location.reference ?? '—'}</Table.Td>
                    <Table.Td>
                      <LocationStatusChip status={location.status} size="sm" />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {[location.block?.name, location.level?.name, location.drawing?.name]
                          .filter(Boolean)
                          .join(' · ') || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>{location.job_sheets.length}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </RecordListView>
    </Stack>
  );
}
