import type { Site } from '@fieldwork/contract';
import { Button, Group, Stack, Switch } from '@mantine/core';
import { IconMapPin, IconPlus } from '@tabler/icons-react';
import { SearchInput } from '../../ui/data-table/SearchInput';
import { RecordListView } from '../../ui/data-table/RecordListView';
import { useEditTarget } from '../../ui/forms/RecordFormModal';
import { CsvImportButton } from '../../ui/csv-import/CsvImportButton';
import { SiteBulkBar } from './SiteBulkBar';
import { SiteFormModal } from './SiteFormModal';
import { SitesTable } from './SitesTable';
import { siteCount, useInvalidateSites, useSiteList } from './sites-api';
import { useSiteListState } from './use-site-list-state';

/** /organisations/{slug}/library/sites: the organisation's sites. */
export function SitesPage() {
  const list = useSiteListState();
  const sites = useSiteList(list.query);
  const edit = useEditTarget<Site>();
  const reload = useInvalidateSites();
  const nameOf = (id: string) => sites.data?.data.find((site) => site.id === id)?.name;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Group gap="md" wrap="wrap" flex="1 1 320px">
          <SearchInput label="Search sites" value={list.search} onChange={list.setSearch} />
          <Switch
            label="Show deleted"
            checked={list.showDeleted}
            onChange={(event) => list.setShowDeleted(event.currentTarget.checked)}
          />
        </Group>
        <Group gap="sm">
          <CsvImportButton
            kind="sites_csv"
            title="Import sites"
            noun={siteCount}
            onImported={() => void reload()}
          />
          <Button leftSection={<IconPlus size={16} />} onClick={edit.openCreate}>
            New site
          </Button>
        </Group>
      </Group>
      <RecordListView
        list={list}
        result={sites}
        plural="sites"
        filteredPlural={list.showDeleted ? 'deleted sites' : 'sites'}
        empty={{
          icon: <IconMapPin size={32} />,
          title: 'No sites yet',
          description: 'Add the places your projects happen, by hand or from a CSV file.',
          action: (
            <Button leftSection={<IconPlus size={16} />} onClick={edit.openCreate}>
              New site
            </Button>
          ),
        }}
      >
        {(rows, selection) => (
          <>
            {selection.ids.length > 0 && (
              <SiteBulkBar
                ids={selection.ids}
                showDeleted={list.showDeleted}
                nameOf={nameOf}
                onDone={selection.clear}
              />
            )}
            <SitesTable
              sites={rows}
              sort={list.sort}
              onSort={list.sortBy}
              selection={selection}
              onEdit={edit.openEdit}
              showDeleted={list.showDeleted}
            />
          </>
        )}
      </RecordListView>
      <SiteFormModal target={edit.target} onClose={edit.close} />
    </Stack>
  );
}
