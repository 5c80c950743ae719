import type { Block, Drawing, Level } from '@fieldwork/contract';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconArrowsExchange,
  IconCopy,
  IconInbox,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { RowActionsMenu } from '../../ui/data-table/RowActionsMenu';
import { confirmDestructive } from '../../ui/feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { drawingsApi, useDrawingsMutation } from './drawings-api';

export interface LevelChoice {
  block: Block;
  level: Level;
}

const levelLabel = ({ block, level }: LevelChoice) => `${block.name} · ${level.name}`;

/**
 * A drawing's "…" menu: up or down among its level's drawings, to another level, a copy of the
 * sheet (without its pins), back to the pending drawings (its pins go with it), or into the
 * deleted drawings.
 */
export function DrawingActions({
  drawing,
  siblings,
  levels,
}: {
  drawing: Drawing;
  /** The level's drawings in their order, this one among them. */
  siblings: Drawing[];
  levels: LevelChoice[];
}) {
  const [moving, setMoving] = useState(false);
  const reorder = useDrawingsMutation((ids: string[]) => drawingsApi.reorder(ids));
  const toPending = useDrawingsMutation((id: string) => drawingsApi.act(id, 'convert_to_pending'));
  const duplicate = useDrawingsMutation((id: string) => drawingsApi.act(id, 'duplicate'));
  const remove = useDrawingsMutation((id: string) => drawingsApi.remove(id));
  const at = siblings.findIndex((item) => item.id === drawing.id);
  const shift = (by: -1 | 1) => {
    const ids = siblings.map((item) => item.id);
    [ids[at], ids[at + by]] = [ids[at + by]!, ids[at]!];
    reorder.mutate(ids, { onError: (error) => notifyFailure('Could not move it', error) });
  };
  const may = drawing.permissions ?? {};
  return (
    <>
      <RowActionsMenu
        name={drawing.name}
        actions={[
          {
            label: 'Move up',
            icon: <IconArrowUp size={14} />,
            onClick: () => shift(-1),
            hidden: at <= 0 || may.reorder === false,
          },
          {
            label: 'Move down',
            icon: <IconArrowDown size={14} />,
            onClick: () => shift(1),
            hidden: at < 0 || at >= siblings.length - 1 || may.reorder === false,
          },
          {
            label: 'Move to another level…',
            icon: <IconArrowsExchange size={14} />,
            onClick: () => setMoving(true),
            hidden: levels.length < 2 || may.move === false,
          },
          {
            label: 'Duplicate',
            icon: <IconCopy size={14} />,
            onClick: () =>
              duplicate.mutate(drawing.id, {
                onSuccess: () => notifySuccess(`${drawing.name} duplicated, without its pins`),
                onError: (error) => notifyFailure('Could not duplicate it', error),
              }),
            hidden: may.duplicate === false,
          },
          {
            label: 'Back to pending drawings',
            icon: <IconInbox size={14} />,
            onClick: () =>
              toPending.mutate(drawing.id, {
                onSuccess: () => notifySuccess(`${drawing.name} is waiting for a level again`),
                onError: (error) => notifyFailure('Could not take it off the level', error),
              }),
            hidden: may.convert_to_pending === false,
          },
          {
            label: 'Delete',
            icon: <IconTrash size={14} />,
            color: 'red',
            hidden: may.delete === false,
            onClick: () =>
              confirmDestructive({
                title: `Delete ${drawing.name}?`,
                message:
                  'The drawing goes to the deleted drawings below; its locations keep their pins and come back with it.',
                confirmLabel: 'Delete',
                onConfirm: () =>
                  void remove.mutateAsync(drawing.id).then(
                    () => notifySuccess(`${drawing.name} deleted`),
                    (error: unknown) => notifyFailure('Could not delete it', error),
                  ),
              }),
          },
        ]}
      />
      <MoveToLevel
        drawing={drawing}
        levels={levels}
        opened={moving}
        onClose={() => setMoving(false)}
      />
    </>
  );
}

function MoveToLevel({
  drawing,
  levels,
  opened,
  onClose,
}: {
  drawing: Drawing;
  levels: LevelChoice[];
  opened: boolean;
  onClose: () => void;
}) {
  const [target, setTarget] = useState<string | null>(null);
  const move = useDrawingsMutation((levelId: string) =>
    drawingsApi.act(drawing.id, 'move', { level_id: levelId }),
  );
  const choices = levels
    .filter(({ level }) => level.id !== drawing.level_id)
    .map((choice) => ({ value: choice.level.id, label: levelLabel(choice) }));
  return (
    <Modal opened={opened} onClose={onClose} title={`Move ${drawing.name}`}>
      <Stack gap="md">
        <Text size="sm">
          The drawing and its pinned locations move to the level you choose, after its drawings.
        </Text>
        <Select
          label="Level"
          placeholder="Choose a level"
          data={choices}
          value={target}
          onChange={setTarget}
          searchable
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!target}
            loading={move.isPending}
            onClick={() =>
              target &&
              move.mutate(target, {
                onSuccess: () => {
                  notifySuccess(`${drawing.name} moved`);
                  onClose();
                },
                onError: (error) => notifyFailure('Could not move it', error),
              })
            }
          >
            Move
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
