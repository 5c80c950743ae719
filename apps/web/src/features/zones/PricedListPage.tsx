import { Button, Group, Stack, Switch } from '@mantine/core';
import { IconPlus, IconRuler2, IconStack2 } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { useCollectionPermissions } from '../../api/resource-hooks';
import { RecordListView } from '../../ui/data-table/RecordListView';
import { SearchInput } from '../../ui/data-table/SearchInput';
import { toSortParam, nextSort } from '../../ui/data-table/sorting';
import { fromSortParam, useSearchBox } from '../../ui/data-table/use-list-controls';
import { pageOf, useUrlState } from '../../ui/data-table/use-url-state';
import { useEditTarget } from '../../ui/forms/RecordFormModal';
import { ProjectLocationsHeader } from '../drawings';
import { ExportReportButton } from '../reports';
import { PricedFormModal } from './PricedForm';
import { PricedTable, type PricedSort } from './PricedTable';
import {
  SPECIFICATION_KIND,
  ZONE_KIND,
  usePricedList,
  type PricedKind,
  type PricedRecord,
  pricedApi,
} from './priced-api';

const PAGE_SIZE = 50;

/** …/projects/{projectId}/zones: the project's zones (deleted ones on request). */
export function ZonesPage() {
  return <PricedListPage kind={ZONE_KIND} />;
}

/** …/projects/{projectId}/specifications: the project's specifications. */
export function SpecificationsPage() {
  return <PricedListPage kind={SPECIFICATION_KIND} />;
}

/**
 * A project's zones or specifications, searched by name or code; the search, sort, page (and for
 * zones, whether deleted ones show) live in the address. Managers create, edit, duplicate and
 * delete them; operatives read.
 */
function PricedListPage({ kind }: { kind: PricedKind }) {
  const { projectId = '' } = useParams();
  const [url, setUrl] = useUrlState({ search: '', deleted: '', sort: 'name', page: '1' });
  const box = useSearchBox(url.search, (search) => setUrl({ search, page: '1' }));
  const showDeleted = kind.softDelete && url.deleted === 'true';
  const query = useMemo(
    () => ({
      filter: {
        project_id: projectId,
        ...(url.search ? { search: url.search } : {}),
        ...(showDeleted ? { deleted: 'true' } : {}),
      },
      sort: url.sort,
      page: { number: pageOf(url.page), size: PAGE_SIZE },
    }),
    [projectId, url.search, showDeleted, url.sort, url.page],
  );
  const records = usePricedList(kind, query);
  const edit = useEditTarget<PricedRecord>();
  // Those who may create them manage them (the list's `meta.permissions`, loaded with it).
  const canManage = useCollectionPermissions(pricedApi(kind), { ask: false }).data?.create === true;
  const sort = fromSortParam<PricedSort>(url.sort);
  const filtered = Boolean(url.search || showDeleted);
  const list = {
    query,
    setPage: (page: number) => setUrl({ page: String(page) }),
    isFiltered: filtered,
    clearFilters: () => {
      box.setSearch('');
      setUrl({ search: '', deleted: '', page: '1' });
    },
  };
  const newButton = canManage && (
    <Button leftSection={<IconPlus size={16} />} onClick={edit.openCreate}>
      New {kind.noun}
    </Button>
  );
  const Icon = kind.softDelete ? IconStack2 : IconRuler2;

  return (
    <Stack gap="md">
      <ProjectLocationsHeader projectId={projectId} title={kind.title} current={kind.resource}>
        {kind === SPECIFICATION_KIND && (
          <Group gap="sm" mt="xs">
            <ExportReportButton
              selection={{ kind: 'specifications', projectId }}
              what="the project’s specifications"
              label="Specifications report"
            />
          </Group>
        )}
      </ProjectLocationsHeader>
      <Group justify="space-between" gap="sm">
        <Group gap="md" wrap="wrap" flex="1 1 320px">
          <SearchInput
            label={`Search ${kind.plural}`}
            value={box.search}
            onChange={box.setSearch}
          />
          {kind.softDelete && (
            <Switch
              label="Show deleted"
              checked={showDeleted}
              onChange={(event) =>
                setUrl({ deleted: event.currentTarget.checked ? 'true' : '', page: '1' })
              }
            />
          )}
        </Group>
        {newButton}
      </Group>
      <RecordListView
        list={list}
        result={records}
        plural={kind.plural}
        filteredPlural={showDeleted ? `deleted ${kind.plural}` : kind.plural}
        empty={{
          icon: <Icon size={32} />,
          title: `No ${kind.plural} yet`,
          description: kind.emptyDescription,
          action: newButton || undefined,
        }}
      >
        {(rows) => (
          <PricedTable
            kind={kind}
            rows={rows}
            sort={sort}
            onSort={(column) => setUrl({ sort: toSortParam(nextSort(sort, column)), page: '1' })}
            canManage={canManage}
            onEdit={edit.openEdit}
          />
        )}
      </RecordListView>
      <PricedFormModal
        kind={kind}
        projectId={projectId}
        target={edit.target}
        onClose={edit.close}
      />
    </Stack>
  );
}
