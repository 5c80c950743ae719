import { Badge, Group, Text } from '@mantine/core';
import { RecordTable, type RecordColumn } from '../../ui/data-table/RecordTable';
import type { SortState } from '../../ui/data-table/sorting';
import { formatDate } from '../../ui/format';
import { useMoney } from '../materials';
import { itemsTotal } from './price-items';
import { PricedRowActions } from './PricedRowActions';
import type { PricedKind, PricedRecord } from './priced-api';

export type PricedSort = 'code' | 'name' | 'price' | 'location_count';

const locationCount = (count: number) =>
  `${count.toLocaleString()} location${count === 1 ? '' : 's'}`;

/**
 * Zones or specifications: code, name, price, the price items' total and how many locations use
 * each. On a phone the figures move under the name and the menu stays in view.
 */
export function PricedTable({
  kind,
  rows,
  sort,
  onSort,
  canManage,
  onEdit,
}: {
  kind: PricedKind;
  rows: PricedRecord[] | undefined;
  sort: SortState<PricedSort>;
  onSort: (column: PricedSort) => void;
  canManage: boolean;
  onEdit: (record: PricedRecord) => void;
}) {
  const money = useMoney();
  const columns: RecordColumn<PricedRecord, PricedSort>[] = [
    {
      sort: 'code',
      header: 'Code',
      visibleFrom: 'sm',
      cell: (record) => record.code ?? '—',
    },
    {
      sort: 'name',
      header: 'Name',
      cell: (record) => (
        <>
          <Group gap="xs" wrap="wrap">
            {record.code && (
              <Badge size="sm" variant="light" color="gray" hiddenFrom="sm">
                {record.code}
              </Badge>
            )}
            <Text size="sm" fw={500}>
              {record.name}
            </Text>
            {record.deleted_at && (
              <Badge size="xs" variant="light" color="red">
                Deleted {formatDate(record.deleted_at)}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            {[
              money(record.price),
              record.price_items.length > 0 && `items ${money(itemsTotal(record.price_items))}`,
              locationCount(record.location_count),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </>
      ),
    },
    { sort: 'price', header: 'Price', visibleFrom: 'sm', cell: (record) => money(record.price) },
    {
      header: 'Price items',
      visibleFrom: 'sm',
      cell: (record) =>
        record.price_items.length ? (
          <Text size="sm">
            {money(itemsTotal(record.price_items))}{' '}
            <Text span size="xs" c="dimmed">
              ({record.price_items.length} item{record.price_items.length === 1 ? '' : 's'})
            </Text>
          </Text>
        ) : (
          '—'
        ),
    },
    {
      sort: 'location_count',
      header: 'Locations',
      visibleFrom: 'sm',
      cell: (record) => record.location_count.toLocaleString(),
    },
  ];
  return (
    <RecordTable
      rows={rows}
      columns={columns}
      sort={sort}
      onSort={onSort}
      minWidth={300}
      actions={
        canManage
          ? (record) => (
              <PricedRowActions kind={kind} record={record} onEdit={() => onEdit(record)} />
            )
          : undefined
      }
    />
  );
}
