import type { Block, Level, PendingDrawing } from '@fieldwork/contract';
import { Button, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { confirmDestructive } from '../../ui/feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { FileDrop } from '../../ui/uploads/FileDrop';
import { DRAWING_RULES, DrawingState } from './drawing-state';
import {
  pendingDrawingsApi,
  uploadPendingDrawing,
  useDrawingsMutation,
  useInvalidateDrawings,
  usePendingDrawings,
} from './drawings-api';

/**
 * The project's pending drawings: sheets uploaded before anyone said which level they show,
 * each placed on a level here (it becomes that level's drawing) or deleted.
 */
export function PendingDrawingsInbox({
  projectId,
  levels,
}: {
  projectId: string;
  levels: Array<{ block: Block; level: Level }>;
}) {
  const pending = usePendingDrawings(projectId);
  const reload = useInvalidateDrawings();
  const rows = pending.data ?? [];
  return (
    <Card withBorder component="section" aria-label="Pending drawings">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Pending drawings
        </Title>
        <Text size="sm" c="dimmed">
          Upload sheets here when you do not know their level yet, and place each on a level later.
        </Text>
        {pending.isError && !pending.data && (
          <Text c="red" size="sm">
            Could not load the pending drawings.
          </Text>
        )}
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Drawing</Table.Th>
                  <Table.Th>Place on</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((drawing) => (
                  <PendingRow key={drawing.id} drawing={drawing} levels={levels} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <FileDrop
          label="Pending drawing"
          rules={DRAWING_RULES}
          multiple
          chooseText="Upload pending drawing"
          send={(file, onProgress) => uploadPendingDrawing(projectId, file, onProgress)}
          onUploaded={() => void reload()}
        />
      </Stack>
    </Card>
  );
}

function PendingRow({
  drawing,
  levels,
}: {
  drawing: PendingDrawing;
  levels: Array<{ block: Block; level: Level }>;
}) {
  const [levelId, setLevelId] = useState<string | null>(null);
  const convert = useDrawingsMutation((level: string) =>
    pendingDrawingsApi.act(drawing.id, 'convert', { level_id: level }),
  );
  const remove = useDrawingsMutation(() => pendingDrawingsApi.remove(drawing.id));
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs">
          <Text>{drawing.name}</Text>
          <DrawingState drawing={drawing} />
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Select
            aria-label={`Level for ${drawing.name}`}
            placeholder="Choose a level"
            data={levels.map(({ block, level }) => ({
              value: level.id,
              label: `${block.name} · ${level.name}`,
            }))}
            value={levelId}
            onChange={setLevelId}
            size="xs"
          />
          <Button
            size="compact-sm"
            disabled={!levelId || drawing.status !== 'READY'}
            loading={convert.isPending}
            onClick={() =>
              levelId &&
              convert.mutate(levelId, {
                onSuccess: () => notifySuccess(`${drawing.name} placed on its level`),
                onError: (error) => notifyFailure('Could not place the drawing', error),
              })
            }
          >
            Place
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            aria-label={`Delete ${drawing.name}`}
            onClick={() =>
              confirmDestructive({
                title: `Delete ${drawing.name}?`,
                message: 'The pending drawing and its file are removed.',
                confirmLabel: 'Delete',
                onConfirm: () =>
                  remove.mutate(undefined, {
                    onError: (error) => notifyFailure('Could not delete it', error),
                  }),
              })
            }
          >
            Delete
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
