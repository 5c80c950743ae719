import { DndContext, DragOverlay, pointerWithin } from '@dnd-kit/core';
import type { Announcements, DragEndEvent, DragStartEvent } from '@dnd-kit/core';
import { Box, Button, Group, Portal, ScrollArea, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryErrorState } from '../../../ui/feedback/ErrorState';
import { useDragSensors } from '../../../ui/sortable/drag-kit';
import { addDays, formatDayShort, localToday, mondayOf, weekDays } from '../calendar-days';
import { boardWeekQuery } from '../job-list-params';
import { jobTitle, useJobList } from '../jobs-api';
import type { ListedJob } from '../jobs-api';
import type { JobListState } from '../use-job-list-state';
import { useOperatives } from '../use-operatives';
import { UNASSIGNED, boardRows, cellId, jobsByCell, parseCellId } from './board-cells';
import type { BoardRow } from './board-cells';
import { BoardCellBox, JobCard } from './BoardParts';
import { useBoardMoves } from './use-board-moves';

// The week fits beside the navigation on a 1440 px screen (140 + 7 × 120 = 980 px at least;
// the days widen into the room there is); narrower screens scroll.
const NAME_COLUMN = 140;
const DAY_COLUMN = 120;

/**
 * The week board: days across, operatives down. Dragging a job's handle to another cell
 * reassigns it (another row) and/or reschedules it (another day); with the keyboard, Space picks
 * a job up, the arrow keys move it between cells and Space drops it.
 */
export function JobsBoard({ list }: { list: JobListState }) {
  const monday = list.params.week ?? mondayOf(localToday());
  const days = weekDays(monday);
  const week = useJobList(boardWeekQuery(list.params, monday));
  const moves = useBoardMoves(week.data?.data ?? []);
  const { operatives } = useOperatives();
  const rows = boardRows(
    list.params.operative
      ? operatives.filter((row) => row.id === list.params.operative)
      : operatives,
    moves.jobs,
  );
  const cells = jobsByCell(moves.jobs, days);
  const [dragged, setDragged] = useState<ListedJob | null>(null);

  const sensors = useDragSensors();
  const cellName = (id: string | number) => {
    const cell = parseCellId(String(id));
    if (!cell) return 'nowhere';
    const row = rows.find((item) => item.id === (cell.operativeId ?? UNASSIGNED));
    return `${row?.name ?? 'Unassigned'}, ${formatDayShort(cell.date)}`;
  };
  const jobName = (id: string | number) => {
    const job = moves.jobs.find((item) => item.id === id);
    return job ? jobTitle(job) : 'The job';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${jobName(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${jobName(active.id)} is over ${cellName(over.id)}.`
        : `${jobName(active.id)} is over no cell.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${jobName(active.id)} dropped on ${cellName(over.id)}.`
        : `${jobName(active.id)} put back.`,
    onDragCancel: ({ active }) => `Moving ${jobName(active.id)} was cancelled.`,
  };

  const onDragStart = ({ active }: DragStartEvent) =>
    setDragged(moves.jobs.find((job) => job.id === active.id) ?? null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const job = moves.jobs.find((item) => item.id === active.id);
    const target = over ? parseCellId(String(over.id)) : null;
    if (job && target) void moves.move(job, target);
  };

  const goToWeek = (week: string | null) => list.update({ week });
  const template = `${NAME_COLUMN}px repeat(7, minmax(${DAY_COLUMN}px, 1fr))`;

  return (
    <Box>
      <Group justify="space-between" mb="sm" gap="xs">
        <Text fw={600} aria-live="polite">
          {formatDayShort(days[0]!)} – {formatDayShort(days[6]!)}
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconChevronLeft size={14} />}
            onClick={() => goToWeek(addDays(monday, -7))}
          >
            Previous week
          </Button>
          <Button variant="default" size="xs" onClick={() => goToWeek(null)}>
            This week
          </Button>
          <Button
            variant="default"
            size="xs"
            rightSection={<IconChevronRight size={14} />}
            onClick={() => goToWeek(addDays(monday, 7))}
          >
            Next week
          </Button>
        </Group>
      </Group>
      {week.isError && !week.data ? (
        <QueryErrorState title="Could not load the week's jobs" query={week} />
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={pointerWithin}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragged(null)}
          accessibility={{ announcements }}
        >
          <ScrollArea type="auto" offsetScrollbars>
            <Box
              role="grid"
              aria-label="Jobs by day and operative"
              aria-busy={week.isPending}
              miw={NAME_COLUMN + 7 * DAY_COLUMN}
              style={{ display: 'grid', gridTemplateColumns: template }}
              data-testid="jobs-board"
            >
              <Box role="row" style={{ display: 'contents' }}>
                <Box role="columnheader" p="xs">
                  <Text size="sm" fw={600}>
                    Operative
                  </Text>
                </Box>
                {days.map((day) => (
                  <Box role="columnheader" key={day} p="xs">
                    <Text size="sm" fw={600} c={day === localToday() ? 'blue' : undefined}>
                      {formatDayShort(day)}
                    </Text>
                  </Box>
                ))}
              </Box>
              {rows.map((row) => (
                <BoardRowView
                  key={row.id}
                  row={row}
                  days={days}
                  cells={cells}
                  loading={week.isPending}
                  isMoving={moves.isMoving}
                />
              ))}
            </Box>
          </ScrollArea>
          <Portal>
            <DragOverlay>{dragged && <JobCard job={dragged} overlay />}</DragOverlay>
          </Portal>
        </DndContext>
      )}
    </Box>
  );
}

function BoardRowView({
  row,
  days,
  cells,
  loading,
  isMoving,
}: {
  row: BoardRow;
  days: string[];
  cells: Map<string, ListedJob[]>;
  loading: boolean;
  isMoving: (jobId: string) => boolean;
}) {
  const operativeId = row.id === UNASSIGNED ? null : row.id;
  return (
    <Box role="row" style={{ display: 'contents' }}>
      <Box
        role="rowheader"
        p="xs"
        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        <Text size="sm" fw={500}>
          {row.name}
        </Text>
      </Box>
      {days.map((date) => {
        const id = cellId({ operativeId, date });
        return (
          <BoardCellBox key={id} id={id} loading={loading}>
            {(cells.get(id) ?? []).map((job) => (
              <JobCard key={job.id} job={job} moving={isMoving(job.id)} />
            ))}
          </BoardCellBox>
        );
      })}
    </Box>
  );
}
