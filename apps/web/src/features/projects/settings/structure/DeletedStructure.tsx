import type { Level } from '@fieldwork/contract';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBuilding, IconRestore, IconStack2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { QueryErrorState } from '../../../../ui/feedback/ErrorState';
import { notifyFailure, notifySuccess } from '../../../../ui/feedback/notify';
import { formatRelative } from '../../../../ui/format-time';
import { structureApi, useDeletedLevels, useStructureMutation } from './structure-api';
import type { StructureBlock } from './structure-api';
import { levelsByBlock } from './structure-view';

/**
 * "Show deleted": the site's deleted blocks and the deleted levels of its blocks, each with
 * Restore. A level of a deleted block comes back into view when its block is restored too.
 */
export function DeletedStructure({
  projectId,
  liveBlocks,
  deletedBlocks,
  canEdit,
}: {
  projectId: string;
  liveBlocks: readonly StructureBlock[];
  deletedBlocks: readonly StructureBlock[];
  canEdit: boolean;
}) {
  const allBlocks = [...liveBlocks, ...deletedBlocks];
  const levels = useDeletedLevels(
    projectId,
    allBlocks.map((block) => block.id),
    true,
  );
  const restoreBlock = useStructureMutation(projectId, (block: StructureBlock) =>
    structureApi.restoreBlock(block.id),
  );
  const restoreLevel = useStructureMutation(projectId, async (level: Level) => {
    const { failed } = await structureApi.restoreLevels([level.id]);
    if (failed[0]) throw new Error(failed[0].reason);
  });
  const groups = levelsByBlock(levels.data ?? []);
  const deletedBlockIds = new Set(deletedBlocks.map((block) => block.id));
  const nothing = deletedBlocks.length === 0 && groups.size === 0 && !levels.isPending;

  const restoreButton = (name: string, onClick: () => void) =>
    canEdit && (
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconRestore size={14} />}
        aria-label={`Restore ${name}`}
        onClick={onClick}
      >
        Restore
      </Button>
    );

  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-light)">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Deleted blocks and levels
        </Title>
        {nothing && (
          <Text size="sm" c="dimmed">
            Nothing on this site has been deleted.
          </Text>
        )}
        {deletedBlocks.map((block) => (
          <DeletedRow
            key={block.id}
            icon={<IconBuilding size={16} />}
            name={block.name}
            detail={`Block, deleted ${block.deleted_at ? formatRelative(block.deleted_at) : ''}`}
            action={restoreButton(block.name, () =>
              restoreBlock.mutate(block, {
                onSuccess: () => notifySuccess(`${block.name} restored`),
                onError: (error) => notifyFailure(`Could not restore ${block.name}`, error),
              }),
            )}
          />
        ))}
        {levels.isPending && allBlocks.length > 0 && <Skeleton height={28} />}
        {levels.isError && (
          <QueryErrorState title="Deleted levels could not be loaded" query={levels} />
        )}
        {allBlocks
          .filter((block) => groups.has(block.id))
          .flatMap((block) =>
            (groups.get(block.id) ?? []).map((level) => (
              <DeletedRow
                key={level.id}
                icon={<IconStack2 size={16} />}
                name={`${level.name} of ${block.name}`}
                detail={
                  deletedBlockIds.has(block.id)
                    ? 'Level of a deleted block: restore the block to see it again'
                    : `Level, deleted ${level.deleted_at ? formatRelative(level.deleted_at) : ''}`
                }
                action={restoreButton(`${level.name} of ${block.name}`, () =>
                  restoreLevel.mutate(level, {
                    onSuccess: () => notifySuccess(`${level.name} restored`),
                    onError: (error) => notifyFailure(`Could not restore ${level.name}`, error),
                  }),
                )}
              />
            )),
          )}
      </Stack>
    </Paper>
  );
}

function DeletedRow({
  icon,
  name,
  detail,
  action,
}: {
  icon: ReactNode;
  name: string;
  detail: string;
  action: ReactNode;
}) {
  return (
    <Group gap="xs" wrap="nowrap" data-testid="deleted-row">
      <Text c="dimmed" style={{ display: 'flex', flex: 'none' }}>
        {icon}
      </Text>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={500} truncate>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      </Stack>
      {action}
    </Group>
  );
}
