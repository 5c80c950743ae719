import type { Level } from '@fieldwork/contract';
import { Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { errorMessage } from '../../../../api/errors';
import { notifySuccess } from '../../../../ui/feedback/notify';
import { FormActions } from '../../../../ui/forms/FormActions';
import { FormErrorAlert } from '../../../../ui/forms/FormErrorAlert';
import { structureApi, useStructureMutation } from './structure-api';
import type { StructureBlock } from './structure-api';
import { blockLabel } from './structure-view';

/** Moves a level into another block of the project (it goes after that block's last level). */
export function MoveLevelModal({
  projectId,
  level,
  blocks,
  onClose,
}: {
  projectId: string;
  level: Level | null;
  /** The project's live blocks. */
  blocks: readonly StructureBlock[];
  onClose: () => void;
}) {
  return (
    <Modal opened={level !== null} onClose={onClose} title={`Move ${level?.name ?? 'level'}`}>
      {level && (
        <MoveLevelForm projectId={projectId} level={level} blocks={blocks} onDone={onClose} />
      )}
    </Modal>
  );
}

function MoveLevelForm({
  projectId,
  level,
  blocks,
  onDone,
}: {
  projectId: string;
  level: Level;
  blocks: readonly StructureBlock[];
  onDone: () => void;
}) {
  const [target, setTarget] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const move = useStructureMutation(projectId, (blockId: string) =>
    structureApi.moveLevel(level.id, blockId),
  );
  const manySites = new Set(blocks.map((block) => block.site_id)).size > 1;
  const from = blocks.find((block) => block.id === level.block_id);
  const options = blocks
    .filter((block) => block.id !== level.block_id)
    .map((block) => ({ value: block.id, label: blockLabel(block, manySites) }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMissing(!target);
    if (!target) return;
    const to = options.find((option) => option.value === target)?.label ?? 'the block';
    move.mutate(target, {
      onSuccess: () => {
        notifySuccess(`${level.name} moved to ${to}`);
        onDone();
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorAlert message={move.isError ? errorMessage(move.error) : null} />
        {from && (
          <Text size="sm" c="dimmed">
            Now in {blockLabel(from, manySites)}. It goes after the last level of the block you
            choose.
          </Text>
        )}
        <Select
          label="Move to block"
          placeholder="Choose a block"
          data={options}
          value={target}
          onChange={(value) => {
            setTarget(value);
            setMissing(false);
          }}
          error={missing ? 'Choose the block to move it to' : null}
          searchable
          data-autofocus
          comboboxProps={{ withinPortal: true }}
        />
        <FormActions submitLabel="Move level" pending={move.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}
