import type { Drawing, Location } from '@fieldwork/contract';
import { Anchor, Button, Card, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconMapOff, IconMapPinPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { resourceQueryKey, useCollectionPermissions } from '../../api/resource-hooks';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { useSession } from '../../session/use-session';
import { QueryErrorState, isMissingRecord } from '../../ui/feedback/ErrorState';
import { ListEmptyState } from '../../ui/feedback/ListEmptyState';
import { notifyFailure } from '../../ui/feedback/notify';
import { useUrlState } from '../../ui/data-table/use-url-state';
import { projectDrawingsPath } from './drawing-paths';
import {
  drawingImageBlobUrl,
  locationsApi,
  useDrawing,
  useDrawingLocations,
  useLocationStatuses,
} from './drawings-api';
import { LocationPanel } from './LocationPanel';
import { DrawingViewer, PREVIEW_WIDTH, type ViewerMode } from './viewer/DrawingViewer';
import { legendOf, type DrawingPosition } from './viewer/pins';
import { StatusLegend } from './viewer/StatusLegend';

/** A pin move that Undo puts back. */
interface Move {
  id: string;
  from: DrawingPosition;
}

/**
 * …/projects/{projectId}/drawings/{drawingId}: the drawing with its locations' pins. A pin is
 * clicked to open its location (kept in the address, `?location=`), new locations are placed by
 * clicking the sheet, pins are dragged (or moved by "Move pin" and a click) with Undo, and the
 * legend filters by status (`?hide=`).
 */
export function DrawingPage() {
  const { drawingId = '' } = useParams();
  const drawing = useDrawing(drawingId);

  if (isMissingRecord(drawing.error)) {
    return (
      <ListEmptyState
        icon={<IconMapOff size={32} />}
        title="This drawing does not exist"
        description="It may have been deleted, or the link is wrong."
      />
    );
  }
  if (drawing.isError && !drawing.data) {
    return <QueryErrorState title="Could not load the drawing" query={drawing} />;
  }
  if (!drawing.data) return <Loader aria-label="Loading the drawing" role="status" />;
  return <DrawingWithPins drawing={drawing.data} />;
}

function DrawingWithPins({ drawing }: { drawing: Drawing }) {
  const { slug } = useCurrentOrganisation();
  const back = (
    <Anchor component={Link} to={projectDrawingsPath(slug, drawing.project_id)} size="sm">
      ← Drawings
    </Anchor>
  );
  const title = (
    <Stack gap={2}>
      {back}
      <Title order={1}>{drawing.name}</Title>
      <Text c="dimmed" size="sm">
        {[drawing.block?.name, drawing.level?.name].filter(Boolean).join(' · ')}
      </Text>
    </Stack>
  );
  if (drawing.status !== 'READY') {
    return (
      <Stack gap="md">
        {title}
        <Card withBorder>
          {drawing.status === 'PROCESSING' ? (
            <Group gap="sm" role="status">
              <Loader size="sm" />
              <Text>The drawing is being converted; it shows here when it is ready.</Text>
            </Group>
          ) : (
            <Text c="red">
              The drawing could not be converted: {drawing.error ?? 'unknown reason'}
            </Text>
          )}
        </Card>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {title}
      <Pins drawing={drawing} />
    </Stack>
  );
}

function Pins({ drawing }: { drawing: Drawing }) {
  const { organisationId } = useSession();
  const queryClient = useQueryClient();
  const locations = useDrawingLocations(drawing.id);
  const statuses = useLocationStatuses(drawing.project_id);
  const canCreate = useCollectionPermissions(locationsApi).data?.create === true;
  const [url, setUrl] = useUrlState({ location: '', hide: '' });
  const [mode, setMode] = useState<ViewerMode>('view');
  const [undo, setUndo] = useState<Move[]>([]);
  const [saving, setSaving] = useState(false);
  const image = useDrawingImage(drawing);

  const hidden = useMemo(() => new Set(url.hide ? url.hide.split(',') : []), [url.hide]);
  const rows = locations.data ?? [];
  const selected = rows.find((location) => location.id === url.location) ?? null;
  const listKey = [...resourceQueryKey(organisationId, 'locations'), 'of-drawing', drawing.id];
  const reload = () =>
    queryClient.invalidateQueries({ queryKey: resourceQueryKey(organisationId, 'locations') });

  /** Shows a location's new state at once, then whatever the server answered. */
  const patchLocal = (id: string, change: Partial<Location>) =>
    queryClient.setQueryData<Location[]>(listKey, (current) =>
      current?.map((location) => (location.id === id ? { ...location, ...change } : location)),
    );

  async function place(position: DrawingPosition) {
    try {
      const created = await locationsApi.create({
        project_id: drawing.project_id,
        level_id: drawing.level_id,
        drawing_id: drawing.id,
        ...position,
      });
      queryClient.setQueryData<Location[]>(listKey, (current) => [...(current ?? []), created]);
      setUrl({ location: created.id });
      void reload();
    } catch (error) {
      notifyFailure('The location could not be added', error);
    }
  }

  async function move(id: string, to: DrawingPosition, from: DrawingPosition, record = true) {
    patchLocal(id, to);
    setMode('view');
    try {
      await locationsApi.update(id, to);
      if (record) setUndo((moves) => [...moves, { id, from }]);
    } catch (error) {
      patchLocal(id, from);
      notifyFailure('The pin could not be moved', error);
    }
  }

  async function undoMove() {
    const last = undo.at(-1);
    if (!last) return;
    setUndo((moves) => moves.slice(0, -1));
    const current = rows.find((location) => location.id === last.id);
    if (!current || current.drawing_pos_top === null || current.drawing_pos_left === null) return;
    const at = {
      drawing_pos_top: current.drawing_pos_top,
      drawing_pos_left: current.drawing_pos_left,
    };
    await move(last.id, last.from, at, false);
  }

  async function changeStatus(location: Location, statusId: string) {
    const status = statuses.data?.find((candidate) => candidate.id === statusId);
    if (!status) return;
    const before = { status_id: location.status_id, status: location.status };
    patchLocal(location.id, { status_id: statusId, status });
    setSaving(true);
    try {
      const saved = await locationsApi.update(location.id, { status_id: statusId });
      patchLocal(location.id, saved);
      void reload();
    } catch (error) {
      patchLocal(location.id, before);
      notifyFailure('The status could not be changed', error);
    } finally {
      setSaving(false);
    }
  }

  if (locations.isError && !locations.data) {
    return <QueryErrorState title="Could not load the locations" query={locations} />;
  }
  if (statuses.isError && !statuses.data) {
    return <QueryErrorState title="Could not load the statuses" query={statuses} />;
  }
  if (!locations.data || !statuses.data || !image) {
    return <Loader aria-label="Loading the locations" role="status" />;
  }
  const entries = legendOf(rows, statuses.data, drawing);

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Stack gap="sm">
          <Group gap="sm">
            {canCreate && (
              <Button
                variant={mode === 'place' ? 'filled' : 'default'}
                leftSection={<IconMapPinPlus size={16} />}
                onClick={() => setMode(mode === 'place' ? 'view' : 'place')}
                aria-pressed={mode === 'place'}
              >
                {mode === 'place' ? 'Done adding' : 'Add locations'}
              </Button>
            )}
            <Button
              variant="default"
              leftSection={<IconArrowBackUp size={16} />}
              disabled={undo.length === 0}
              onClick={() => void undoMove()}
            >
              Undo move
            </Button>
            <Text size="sm" c="dimmed" data-testid="pin-count">
              {rows.length.toLocaleString()} location{rows.length === 1 ? '' : 's'}
            </Text>
          </Group>
          <DrawingViewer
            drawing={drawing}
            imageUrl={image}
            locations={rows}
            statuses={statuses.data}
            hidden={hidden}
            selectedId={selected?.id ?? null}
            onSelect={(id) => setUrl({ location: id ?? '' })}
            mode={mode}
            onPlace={(position) => void place(position)}
            onMove={(id, to, from) => void move(id, to, from)}
            canMove
            height="min(70vh, 720px)"
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Stack gap="md">
          {selected && (
            <LocationPanel
              location={selected}
              statuses={statuses.data}
              onStatus={(statusId) => void changeStatus(selected, statusId)}
              savingStatus={saving}
              moving={mode === 'move'}
              onMovePin={() => setMode(mode === 'move' ? 'view' : 'move')}
              onClose={() => setUrl({ location: '' })}
            />
          )}
          <Card withBorder padding="md">
            <Title order={2} size="h5" mb="xs">
              Legend
            </Title>
            <StatusLegend
              entries={entries}
              hidden={hidden}
              onHiddenChange={(next) => setUrl({ hide: [...next].join(',') })}
            />
          </Card>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/**
 * The drawing's image for the viewer: a preview fetched at PREVIEW_WIDTH for a large sheet (or
 * the full picture when that fails), and the full picture by its signed link.
 */
function useDrawingImage(drawing: Drawing) {
  const full = drawing.file?.image_url ?? null;
  const needsPreview = (drawing.width ?? 0) > PREVIEW_WIDTH;
  const preview = useQuery({
    queryKey: ['drawing-preview', drawing.id, drawing.updated_at],
    queryFn: () => drawingImageBlobUrl(drawing.id, PREVIEW_WIDTH),
    enabled: needsPreview,
    staleTime: Infinity,
  });
  if (!full) return null;
  if (needsPreview && preview.isPending) return null;
  const previewUrl = preview.data ?? full;
  return (maxWidth: number | null) => (maxWidth === null ? full : previewUrl);
}
