import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { QueryErrorState } from '../../../ui/feedback/ErrorState';
import { ListEmptyState } from '../../../ui/feedback/ListEmptyState';
import type { ConfigItem, ConfigList } from './config-lists';
import type { SettingsOwner } from './owner';
import { LoadingRows } from './LoadingRows';
import { useCanEditSettings } from './permissions';
import { SortableList } from '../../../ui/sortable/SortableList';
import { useConfigList, useReorderConfigList } from './use-config-list';

export interface ConfigListPanelProps<List extends ConfigList> {
  owner: SettingsOwner;
  list: List;
  title: string;
  /** What the list is; "Drag to reorder." follows when the member may reorder it. */
  description: ReactNode;
  /** e.g. "Add status"; no button when undefined or when the member may not edit. */
  addLabel?: string;
  onAdd?: () => void;
  /** More actions beside the add button (e.g. "Sync from library"). */
  actions?: ReactNode;
  empty: { icon: ReactNode; title: string; description: string };
  nameOf: (item: ConfigItem<List>) => string;
  children: (item: ConfigItem<List>) => ReactNode;
}

/**
 * One configuration list of a project or template: its heading and actions, then loading,
 * error, empty, or the rows ordered by drag and drop (saved at once, rolled back on failure).
 */
export function ConfigListPanel<List extends ConfigList>({
  owner,
  list,
  title,
  description,
  addLabel,
  onAdd,
  actions,
  empty,
  nameOf,
  children,
}: ConfigListPanelProps<List>) {
  const canEdit = useCanEditSettings();
  const items = useConfigList(owner, list);
  const reorder = useReorderConfigList(owner, list);
  const addButton =
    canEdit && addLabel && onAdd ? (
      <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
        {addLabel}
      </Button>
    ) : null;

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 280px' }}>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
            {/* Only to those who may reorder: the rows' drag handles follow the same permission. */}
            {canEdit && ' Drag to reorder.'}
          </Text>
        </Stack>
        {(addButton || (canEdit && actions)) && (
          <Group gap="xs">
            {canEdit && actions}
            {/* An empty list offers the button in its empty state instead. */}
            {items.data?.length !== 0 && addButton}
          </Group>
        )}
      </Group>
      {items.isPending ? (
        <LoadingRows />
      ) : items.isError ? (
        <QueryErrorState title={`${title} could not be loaded`} query={items} />
      ) : items.data.length === 0 ? (
        <ListEmptyState {...empty} action={addButton} />
      ) : (
        <SortableList
          items={items.data}
          nameOf={nameOf}
          onReorder={(ids) => reorder.mutate(ids)}
          disabled={!canEdit || items.data.length < 2}
        >
          {children}
        </SortableList>
      )}
    </Stack>
  );
}
