import { idSchema, levelMoveSchema } from '@fieldwork/contract';
import type { Level } from '@fieldwork/contract';
import { Select, Text } from '@mantine/core';
import { z } from 'zod';
import { FormDialog } from '../../../../ui/forms/FormDialog';
import { MutationForm } from '../../../../ui/forms/MutationForm';
import { useZodForm } from '../../../../ui/forms/use-zod-form';
import { structureApi, useStructureMutation } from './structure-api';
import type { StructureBlock } from './structure-api';
import { blockLabel } from './structure-view';

/** The contract's move body, with the picker's own message when no block is chosen. */
const moveSchema = levelMoveSchema.extend({
  block_id: z.string().min(1, 'Choose the block to move it to').pipe(idSchema),
});

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
    <FormDialog opened={level !== null} onClose={onClose} title={`Move ${level?.name ?? 'level'}`}>
      {level && (
        <MoveLevelForm projectId={projectId} level={level} blocks={blocks} onDone={onClose} />
      )}
    </FormDialog>
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
  const form = useZodForm(moveSchema, { block_id: '' });
  const move = useStructureMutation(projectId, (blockId: string) =>
    structureApi.moveLevel(level.id, blockId),
  );
  const manySites = new Set(blocks.map((block) => block.site_id)).size > 1;
  const from = blocks.find((block) => block.id === level.block_id);
  const options = blocks
    .filter((block) => block.id !== level.block_id)
    .map((block) => ({ value: block.id, label: blockLabel(block, manySites) }));

  const movedTo = (blockId: string) =>
    options.find((option) => option.value === blockId)?.label ?? 'the block';

  return (
    <MutationForm
      form={form}
      mutation={move}
      variables={({ block_id }) => block_id}
      notice={(_, { block_id }) => `${level.name} moved to ${movedTo(block_id)}`}
      onDone={onDone}
      submitLabel="Move level"
    >
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
        value={form.values.block_id || null}
        onChange={(value) => form.setValue('block_id', value ?? '')}
        error={form.errorOf('block_id')}
        searchable
        data-autofocus
        comboboxProps={{ withinPortal: true }}
      />
    </MutationForm>
  );
}
