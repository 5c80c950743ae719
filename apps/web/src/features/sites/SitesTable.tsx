import type { Site } from '@fieldwork/contract';
import { Anchor, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { RecordTable } from '../../ui/data-table/RecordTable';
import type { RecordColumn } from '../../ui/data-table/RecordTable';
import type { SortState } from '../../ui/data-table/sorting';
import type { RowSelection } from '../../ui/data-table/use-row-selection';
import { formatDate } from '../../ui/format';
import { sitePath } from '../../app/library-paths';
import { SiteRowActions } from './SiteRowActions';
import type { SiteSortColumn } from './use-site-list-state';

function SiteName({ site }: { site: Site }) {
  const organisation = useCurrentOrganisation();
  const deleted = site.deleted_at !== null;
  return (
    <Group gap="xs" wrap="nowrap">
      {deleted ? (
        <Text size="sm" fw={500}>
          {site.name}
        </Text>
      ) : (
        <Anchor component={Link} to={sitePath(organisation.slug, site.id)} size="sm" fw={500}>
          {site.name}
        </Anchor>
      )}
      {site.coordinates && (
        <Tooltip label="Has coordinates">
          <IconMapPin size={14} color="var(--mantine-color-blue-6)" aria-label="Has coordinates" />
        </Tooltip>
      )}
      {deleted && (
        <Badge size="xs" variant="light" color="gray">
          Deleted
        </Badge>
      )}
    </Group>
  );
}

export function SitesTable({
  sites,
  sort,
  onSort,
  selection,
  onEdit,
  showDeleted,
}: {
  sites: Site[] | undefined;
  sort: SortState<SiteSortColumn>;
  onSort: (column: SiteSortColumn) => void;
  selection: RowSelection;
  onEdit: (site: Site) => void;
  showDeleted: boolean;
}) {
  const columns: RecordColumn<Site, SiteSortColumn>[] = [
    { sort: 'name', header: 'Name', cell: (site) => <SiteName site={site} /> },
    {
      header: 'Address',
      cell: (site) => (
        <Text size="sm" c={site.full_address ? undefined : 'dimmed'} lineClamp={2}>
          {site.full_address || 'No address'}
        </Text>
      ),
    },
    {
      sort: 'postcode',
      header: 'Postcode',
      visibleFrom: 'sm',
      cell: (site) => site.postcode ?? '',
    },
    showDeleted
      ? {
          sort: 'deleted_at',
          header: 'Deleted',
          visibleFrom: 'sm',
          cell: (site) => (site.deleted_at ? formatDate(site.deleted_at) : ''),
        }
      : {
          sort: 'created_at',
          header: 'Created',
          visibleFrom: 'sm',
          cell: (site) => formatDate(site.created_at),
        },
  ];
  return (
    <RecordTable
      rows={sites}
      columns={columns}
      sort={sort}
      onSort={onSort}
      minWidth={360}
      selection={{ rows: selection, plural: 'sites' }}
      actions={(site) => <SiteRowActions site={site} onEdit={() => onEdit(site)} />}
    />
  );
}
