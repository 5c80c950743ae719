import { Badge, Chip, Group, Select, Stack } from '@mantine/core';
import { SearchInput } from '../../ui/data-table/SearchInput';
import type { ExpiryStatus } from '../../ui/people-types';
import { EXPIRY_COLOR, EXPIRY_LABEL } from './ExpiryBadge';
import { useExpiryCount } from './qualifications-api';
import type { QualificationListState } from './use-qualification-list-state';

const CHIPS: readonly ExpiryStatus[] = ['EXPIRED', 'EXPIRING', 'VALID', 'NO_EXPIRY'];
const COUNTED: readonly ExpiryStatus[] = ['EXPIRED', 'EXPIRING'];

function StatusChip({ status, list }: { status: ExpiryStatus; list: QualificationListState }) {
  const count = useExpiryCount(status, list.baseFilter);
  const counted = COUNTED.includes(status);
  return (
    <Chip
      value={status}
      color={EXPIRY_COLOR[status]}
      variant={counted && (count.data ?? 0) > 0 ? 'light' : 'outline'}
      size="sm"
    >
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
        {EXPIRY_LABEL[status]}
        {counted && count.data !== undefined && (
          <Badge
            size="xs"
            circle={count.data < 10}
            color={count.data > 0 ? EXPIRY_COLOR[status] : 'gray'}
            variant={count.data > 0 ? 'filled' : 'light'}
            aria-label={`${count.data} ${EXPIRY_LABEL[status].toLowerCase()}`}
          >
            {count.data}
          </Badge>
        )}
      </span>
    </Chip>
  );
}

export function QualificationFilters({
  list,
  memberOptions,
}: {
  list: QualificationListState;
  /** Members to filter by; none hides the member filter. */
  memberOptions: Array<{ value: string; label: string }>;
}) {
  return (
    <Stack>
      <Group gap="md" wrap="wrap">
        <SearchInput label="Search qualifications" value={list.search} onChange={list.setSearch} />
        {memberOptions.length > 0 && (
          <Select
            aria-label="Filter by member"
            placeholder="All members"
            data={memberOptions}
            value={list.userId}
            onChange={list.setUserId}
            clearable
            searchable
            w={{ base: '100%', xs: 220 }}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Group>
      <Chip.Group
        multiple={false}
        value={list.status ?? ''}
        onChange={(value) => list.setStatus(CHIPS.find((status) => status === value) ?? null)}
      >
        <Group gap="xs" role="group" aria-label="Expiry status">
          <Chip value="" size="sm" variant="outline">
            All
          </Chip>
          {CHIPS.map((status) => (
            <StatusChip key={status} status={status} list={list} />
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}
