import type { Level } from '@fieldwork/contract';
import { useState } from 'react';
import { confirmDestructive } from '../../../../ui/feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../../../../ui/feedback/notify';
import type { BlockCardActions } from './BlockCard';
import { reportLevelFailures } from './LevelBulkBar';
import type { NameTarget } from './NameModal';
import {
  levelCount,
  structureApi,
  useReorderBlocks,
  useReorderLevels,
  useStructureMutation,
} from './structure-api';
import type { StructureBlock } from './structure-api';

/**
 * What the structure tab's buttons and menus do: open the name or move dialog, confirm and
 * delete, save a new order. `siteId` is the site new blocks go on (the one shown).
 */
export function useStructureActions(projectId: string, siteId: string | null) {
  const [nameTarget, setNameTarget] = useState<NameTarget | null>(null);
  const [moving, setMoving] = useState<Level | null>(null);
  const reorderBlocks = useReorderBlocks(projectId);
  const reorderLevels = useReorderLevels(projectId);
  const write = useStructureMutation(projectId, (change: () => Promise<unknown>) => change());
  const deleteLevels = useStructureMutation(projectId, (ids: string[]) =>
    structureApi.deleteLevels(ids),
  );

  const addBlock = () =>
    siteId &&
    setNameTarget({
      title: 'New block',
      submitLabel: 'Add block',
      placeholder: 'e.g. Block A',
      save: (name) =>
        write.mutateAsync(() =>
          structureApi.createBlock({ project_id: projectId, site_id: siteId, name }),
        ),
      saved: (name) => `${name} added`,
    });

  const removeLevel = (level: Level) =>
    confirmDestructive({
      title: `Delete ${level.name}`,
      message: `Delete ${level.name}? It can be restored from "Show deleted".`,
      confirmLabel: 'Delete',
      onConfirm: () =>
        deleteLevels.mutate([level.id], {
          onSuccess: ({ deleted, failed }) => {
            if (deleted.length) notifySuccess(`${level.name} deleted`);
            reportLevelFailures(failed, () => level.name);
          },
          onError: (error) => notifyFailure(`Could not delete ${level.name}`, error),
        }),
    });

  const actions: BlockCardActions = {
    addLevel: (block) =>
      setNameTarget({
        title: `New level in ${block.name}`,
        submitLabel: 'Add level',
        placeholder: 'e.g. Ground floor',
        save: (name) =>
          write.mutateAsync(() => structureApi.createLevel({ block_id: block.id, name })),
        saved: (name) => `${name} added to ${block.name}`,
      }),
    renameBlock: (block) =>
      setNameTarget({
        title: `Rename ${block.name}`,
        submitLabel: 'Save',
        placeholder: 'e.g. Block A',
        initial: block.name,
        save: (name) => write.mutateAsync(() => structureApi.renameBlock(block.id, name)),
        saved: (name) => `${name} saved`,
      }),
    deleteBlock: (block: StructureBlock) =>
      confirmDestructive({
        title: `Delete ${block.name}`,
        message: `Delete ${block.name}${block.levels.length ? ` and its ${levelCount(block.levels.length)}` : ''}? It can be restored from "Show deleted".`,
        confirmLabel: 'Delete block',
        onConfirm: () =>
          write.mutate(() => structureApi.deleteBlock(block.id), {
            onSuccess: () => notifySuccess(`${block.name} deleted`),
            onError: (error) => notifyFailure(`Could not delete ${block.name}`, error),
          }),
      }),
    renameLevel: (level) =>
      setNameTarget({
        title: `Rename ${level.name}`,
        submitLabel: 'Save',
        placeholder: 'e.g. Ground floor',
        initial: level.name,
        save: (name) => write.mutateAsync(() => structureApi.renameLevel(level.id, name)),
        saved: (name) => `${name} saved`,
      }),
    moveLevel: setMoving,
    deleteLevel: removeLevel,
    reorderLevels: (block, ids) => reorderLevels.mutate({ blockId: block.id, ids }),
  };

  return {
    actions,
    addBlock,
    reorderBlocks: (ids: string[]) => reorderBlocks.mutate(ids),
    nameTarget,
    closeName: () => setNameTarget(null),
    moving,
    closeMove: () => setMoving(null),
  };
}
