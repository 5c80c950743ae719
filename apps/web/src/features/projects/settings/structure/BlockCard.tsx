import type { Level } from '@fieldwork/contract';
import { Badge, Button, Checkbox, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { IconArrowsRightLeft, IconBuilding, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { RowActions } from '../RowActions';
import { SortableList } from '../../../../ui/sortable/SortableList';
import type { StructureBlock } from './structure-api';
import { levelCount } from './structure-api';

export interface BlockCardActions {
  addLevel: (block: StructureBlock) => void;
  renameBlock: (block: StructureBlock) => void;
  deleteBlock: (block: StructureBlock) => void;
  renameLevel: (level: Level) => void;
  moveLevel: (level: Level) => void;
  deleteLevel: (level: Level) => void;
  reorderLevels: (block: StructureBlock, ids: string[]) => void;
}

/**
 * A block: its name, its drag handle and menu, and its levels in order (each draggable within
 * the block, selectable for a bulk delete, with its own menu).
 */
export function BlockCard({
  block,
  handle,
  canEdit,
  canMove,
  selected,
  onToggleLevel,
  actions,
}: {
  block: StructureBlock;
  handle: ReactNode;
  canEdit: boolean;
  /** Whether there is another block to move a level into. */
  canMove: boolean;
  selected: ReadonlySet<string>;
  onToggleLevel: (id: string) => void;
  actions: BlockCardActions;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-label={block.name}
      data-testid="block-card"
    >
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          {handle}
          <IconBuilding size={18} color="var(--mantine-color-dimmed)" style={{ flex: 'none' }} />
          <Text fw={600} truncate style={{ flex: 1, minWidth: 0 }}>
            {block.name}
          </Text>
          <Badge variant="light" color="gray" style={{ flex: 'none' }}>
            {levelCount(block.levels.length)}
          </Badge>
          {canEdit && (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconPlus size={14} />}
              onClick={() => actions.addLevel(block)}
              aria-label={`Add level to ${block.name}`}
              visibleFrom="xs"
            >
              Add level
            </Button>
          )}
          <RowActions
            name={block.name}
            onEdit={() => actions.renameBlock(block)}
            onDelete={() => actions.deleteBlock(block)}
            deleteLabel="Delete block"
          >
            <Menu.Item leftSection={<IconPlus size={16} />} onClick={() => actions.addLevel(block)}>
              Add level
            </Menu.Item>
          </RowActions>
        </Group>
        {block.levels.length === 0 ? (
          <Text size="sm" c="dimmed" pl={canEdit ? 34 : 0}>
            No levels yet{canEdit ? ': add the floors or areas of this block.' : '.'}
          </Text>
        ) : (
          <SortableList
            items={block.levels}
            nameOf={(level) => `${level.name} of ${block.name}`}
            onReorder={(ids) => actions.reorderLevels(block, ids)}
            disabled={!canEdit || block.levels.length < 2}
          >
            {(level) => (
              <Group gap="xs" wrap="nowrap">
                {canEdit && (
                  <Checkbox
                    aria-label={`Select ${level.name} of ${block.name}`}
                    checked={selected.has(level.id)}
                    onChange={() => onToggleLevel(level.id)}
                  />
                )}
                <Text size="sm" truncate style={{ flex: 1, minWidth: 0 }}>
                  {level.name}
                </Text>
                <RowActions
                  name={`${level.name} of ${block.name}`}
                  onEdit={() => actions.renameLevel(level)}
                  onDelete={() => actions.deleteLevel(level)}
                >
                  {canMove && (
                    <Menu.Item
                      leftSection={<IconArrowsRightLeft size={16} />}
                      onClick={() => actions.moveLevel(level)}
                    >
                      Move to another block
                    </Menu.Item>
                  )}
                </RowActions>
              </Group>
            )}
          </SortableList>
        )}
      </Stack>
    </Paper>
  );
}
