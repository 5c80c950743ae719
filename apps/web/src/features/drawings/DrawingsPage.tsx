import type { Block, Drawing, Level } from '@fieldwork/contract';
import { Anchor, Button, Card, FileButton, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconFileUpload, IconMap2, IconRestore } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { PlainTable } from '../../ui/data-table/PlainTable';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { ListEmptyState } from '../../ui/feedback/ListEmptyState';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { formatDateTime } from '../../ui/format-time';
import { FileDrop } from '../../ui/uploads/FileDrop';
import { projectPath } from '../projects';
import { drawingPath, projectLocationsPath } from './drawing-paths';
import {
  drawingsApi,
  replaceDrawingImage,
  uploadDrawing,
  useDrawingsMutation,
  useInvalidateDrawings,
  useProjectBlocks,
  useProjectDrawings,
} from './drawings-api';
import { DRAWING_RULES, DrawingState } from './drawing-state';
import { DrawingActions, type LevelChoice } from './DrawingActions';
import { PendingDrawingsInbox } from './PendingDrawingsInbox';

/**
 * …/projects/{projectId}/drawings: the project's drawings level by level (upload with progress,
 * open, replace the picture, order, move to another level, back to pending, delete), its pending
 * drawings waiting for a level, and its deleted drawings to restore.
 */
export function DrawingsPage() {
  const { projectId = '' } = useParams();
  const { slug } = useCurrentOrganisation();
  const blocks = useProjectBlocks(projectId);
  const drawings = useProjectDrawings(projectId);

  const header = (
    <Stack gap={2}>
      <Anchor component={Link} to={projectPath(slug, projectId)} size="sm">
        ← Project
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Drawings</Title>
        <Group gap="md">
          <Anchor component={Link} to={projectLocationsPath(slug, projectId)}>
            All locations
          </Anchor>
          <Anchor component={Link} to={`/organisations/${encodeURIComponent(slug)}/qr_codes`}>
            QR codes
          </Anchor>
        </Group>
      </Group>
    </Stack>
  );
  if ((blocks.isError && !blocks.data) || (drawings.isError && !drawings.data)) {
    return (
      <Stack>
        {header}
        <QueryErrorState
          title="Could not load the drawings"
          query={blocks.isError ? blocks : drawings}
        />
      </Stack>
    );
  }
  if (!blocks.data || !drawings.data) {
    return (
      <Stack>
        {header}
        <Loader role="status" aria-label="Loading the drawings" />
      </Stack>
    );
  }
  const levels = blocks.data.flatMap((block) => block.levels.map((level) => ({ block, level })));
  return (
    <Stack gap="lg">
      {header}
      {levels.length === 0 ? (
        <ListEmptyState
          icon={<IconMap2 size={32} />}
          title="No levels yet"
          description="Drawings belong to a level: add the project's blocks and levels in its settings first."
        />
      ) : (
        levels.map(({ block, level }) => (
          <LevelDrawings
            key={level.id}
            block={block}
            level={level}
            levels={levels}
            drawings={drawings.data.filter((drawing) => drawing.level_id === level.id)}
          />
        ))
      )}
      <PendingDrawingsInbox projectId={projectId} levels={levels} />
      <DeletedDrawings projectId={projectId} />
    </Stack>
  );
}

function LevelDrawings({
  block,
  level,
  levels,
  drawings,
}: {
  block: Block;
  level: Level;
  levels: LevelChoice[];
  drawings: Drawing[];
}) {
  const reload = useInvalidateDrawings();
  const label = `${block.name} · ${level.name}`;
  return (
    <Card withBorder component="section" aria-label={label}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {label}
        </Title>
        {drawings.length > 0 && <DrawingTable drawings={drawings} levels={levels} />}
        <FileDrop
          label={`Drawing for ${label}`}
          rules={DRAWING_RULES}
          multiple
          chooseText="Upload drawing"
          send={(file, onProgress) => uploadDrawing(level.id, file, onProgress)}
          onUploaded={() => void reload()}
        />
      </Stack>
    </Card>
  );
}

function DrawingTable({ drawings, levels }: { drawings: Drawing[]; levels: LevelChoice[] }) {
  const { slug } = useCurrentOrganisation();
  const replace = useDrawingsMutation(({ id, file }: { id: string; file: File }) =>
    replaceDrawingImage(id, file),
  );
  return (
    <PlainTable
      rows={drawings}
      minWidth={480}
      verticalSpacing="xs"
      columns={[
        {
          header: 'Drawing',
          cell: (drawing) => (
            <Group gap="xs">
              {drawing.status === 'READY' ? (
                <Anchor component={Link} to={drawingPath(slug, drawing.project_id, drawing.id)}>
                  {drawing.name}
                </Anchor>
              ) : (
                <Text>{drawing.name}</Text>
              )}
              <DrawingState drawing={drawing} />
            </Group>
          ),
        },
        { header: 'Locations', cell: (drawing) => drawing.location_count.toLocaleString() },
        {
          header: 'Actions',
          hideHeader: true,
          cell: (drawing) => (
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              {drawing.permissions?.update !== false && (
                <FileButton
                  accept={DRAWING_RULES.accept.join(',')}
                  onChange={(file) =>
                    file &&
                    replace.mutate(
                      { id: drawing.id, file },
                      {
                        onSuccess: () => notifySuccess('The new picture is being converted'),
                        onError: (error) => notifyFailure('Could not replace the picture', error),
                      },
                    )
                  }
                >
                  {(props) => (
                    <Button
                      {...props}
                      size="compact-sm"
                      variant="default"
                      leftSection={<IconFileUpload size={14} />}
                      loading={replace.isPending && replace.variables?.id === drawing.id}
                      aria-label={`Replace the picture of ${drawing.name}`}
                    >
                      Replace
                    </Button>
                  )}
                </FileButton>
              )}
              <DrawingActions drawing={drawing} siblings={drawings} levels={levels} />
            </Group>
          ),
        },
      ]}
    />
  );
}

/** The project's deleted drawings, each with Restore (its locations come back with it). */
function DeletedDrawings({ projectId }: { projectId: string }) {
  const deleted = useProjectDrawings(projectId, true);
  const restore = useDrawingsMutation((id: string) => drawingsApi.act(id, 'restore'));
  if (!deleted.data?.length) return null;
  return (
    <Card withBorder component="section" aria-label="Deleted drawings">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Deleted drawings
        </Title>
        {deleted.data.map((drawing) => (
          <Group key={drawing.id} justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text>{drawing.name}</Text>
              <Text size="sm" c="dimmed">
                {[drawing.block?.name, drawing.level?.name].filter(Boolean).join(' · ')}
                {drawing.deleted_at ? ` · deleted ${formatDateTime(drawing.deleted_at)}` : ''}
              </Text>
            </div>
            {drawing.permissions?.restore !== false && (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconRestore size={14} />}
                style={{ flexShrink: 0 }}
                aria-label={`Restore ${drawing.name}`}
                loading={restore.isPending && restore.variables === drawing.id}
                onClick={() =>
                  restore.mutate(drawing.id, {
                    onSuccess: () => notifySuccess(`${drawing.name} restored`),
                    onError: (error) => notifyFailure('Could not restore it', error),
                  })
                }
              >
                Restore
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
