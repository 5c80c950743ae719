import type { Deletion } from '@fieldwork/contract';
import { Button, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconTrash, IconTrashX } from '@tabler/icons-react';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { confirmDestructive } from '../../ui/feedback/confirm-deletion';
import { ListEmptyState, NoMatchesState } from '../../ui/feedback/ListEmptyState';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { formatDateTime } from '../../ui/format-time';
import { PageHeader } from '../../ui/PageHeader';
import { RowActionsMenu } from '../../ui/data-table/RowActionsMenu';
import { SearchInput } from '../../ui/data-table/SearchInput';
import { TablePager } from '../../ui/data-table/TablePager';
import { useSearchBox } from '../../ui/data-table/use-list-controls';
import { pageOf, useUrlState } from '../../ui/data-table/use-url-state';
import { isAtLeastRole } from '../../session/session-helpers';
import { useSession } from '../../session/use-session';
import { useDeletions, usePurgeDeletions, useRestoreDeletions } from './audit-api';

/** The kinds of record that go to the bin when deleted (field-work §4's soft deletes). */
const KINDS = [
  ['projects', 'Projects'],
  ['sites', 'Sites'],
  ['blocks', 'Blocks'],
  ['levels', 'Levels'],
  ['drawings', 'Drawings'],
  ['zones', 'Zones'],
  ['visits', 'Visits'],
].map(([value, label]) => ({ value: value!, label: label! }));

const PAGE_SIZE = 25;

/** /settings/deleted-items: the bin. Managers restore; admins also delete for good. */
export function DeletionsPage() {
  const [url, update] = useUrlState({ kind: '', search: '', page: '1' });
  const box = useSearchBox(url.search, (search) => update({ search, page: '1' }));
  const deletions = useDeletions({
    filter: { collection_name: url.kind, search: url.search },
    page: { number: pageOf(url.page), size: PAGE_SIZE },
  });
  const restore = useRestoreDeletions();
  const purge = usePurgeDeletions();
  const admin = isAtLeastRole('ADMIN', useSession());
  const rows = deletions.data?.data;
  const filtered = Boolean(url.kind || url.search);

  const restoreOne = (item: Deletion) =>
    restore.mutate([item.id], {
      onSuccess: ({ failed }) =>
        failed[0]
          ? notifyFailure(`Could not restore ${item.name}`, new Error(failed[0].reason))
          : notifySuccess(`${item.label} “${item.name}” restored`),
      onError: (error) => notifyFailure(`Could not restore ${item.name}`, error),
    });

  const purgeOne = (item: Deletion) =>
    confirmDestructive({
      title: `Delete ${item.name} for good?`,
      message: `The ${item.label.toLowerCase()} and everything in it are removed for good. This cannot be undone.`,
      confirmLabel: 'Delete for good',
      onConfirm: () =>
        purge.mutate([item.id], {
          onSuccess: ({ failed }) =>
            failed[0]
              ? notifyFailure(`Could not delete ${item.name}`, new Error(failed[0].reason))
              : notifySuccess(`${item.label} “${item.name}” deleted for good`),
          onError: (error) => notifyFailure(`Could not delete ${item.name}`, error),
        }),
    });

  const clear = () => update({ kind: '', search: '', page: '1' });

  return (
    <Stack gap="lg">
      <PageHeader
        title="Deleted items"
        description="Projects, sites, blocks, levels, drawings, zones and visits that were deleted. Restore one to bring it back as it was."
      />
      <Group gap="sm" align="flex-end">
        <SearchInput label="Search deleted items" value={box.search} onChange={box.setSearch} />
        <Select
          aria-label="Kind of record"
          placeholder="All kinds"
          data={KINDS}
          value={url.kind || null}
          onChange={(kind) => update({ kind: kind ?? '', page: '1' })}
          clearable
          w={180}
        />
      </Group>
      {deletions.isError ? (
        <QueryErrorState title="Could not load the deleted items" query={deletions} />
      ) : rows?.length === 0 ? (
        filtered ? (
          <NoMatchesState what="deleted items" onClearFilters={clear} />
        ) : (
          <ListEmptyState
            icon={<IconTrash size={32} />}
            title="Nothing has been deleted"
            description="Deleted projects, sites, blocks, levels, drawings, zones and visits wait here until they are restored."
          />
        )
      ) : (
        <Paper withBorder radius="md">
          {rows === undefined ? (
            <Skeleton h={160} radius="md" />
          ) : (
            <Stack gap={0} component="ul" aria-label="Deleted items" p={0} m={0}>
              {rows.map((item) => (
                <Group
                  key={item.id}
                  component="li"
                  justify="space-between"
                  gap="sm"
                  px="md"
                  py="sm"
                  style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                >
                  <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
                    <Text size="sm" fw={500}>
                      {item.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {item.label} · deleted {formatDateTime(item.deleted_at)}
                      {item.deleted_by_user_name ? ` by ${item.deleted_by_user_name}` : ''}
                    </Text>
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconArrowBackUp size={14} />}
                      onClick={() => restoreOne(item)}
                      aria-label={`Restore ${item.name}`}
                    >
                      Restore
                    </Button>
                    {admin && (
                      <RowActionsMenu
                        name={item.name}
                        actions={[
                          {
                            label: 'Delete for good',
                            icon: <IconTrashX size={16} />,
                            color: 'red',
                            onClick: () => purgeOne(item),
                          },
                        ]}
                      />
                    )}
                  </Group>
                </Group>
              ))}
            </Stack>
          )}
          {deletions.data && (
            <Group p="sm">
              <TablePager
                meta={deletions.data.meta}
                onPage={(page) => update({ page: String(page) })}
              />
            </Group>
          )}
        </Paper>
      )}
    </Stack>
  );
}
