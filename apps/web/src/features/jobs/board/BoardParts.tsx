import { useDraggable, useDroppable } from '@dnd-kit/core';
import { Anchor, Box, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useCurrentOrganisation } from '../../../session/use-current-organisation';
import { DragHandle } from '../../../ui/sortable/drag-kit';
import { jobPath } from '../job-paths';
import { JobStatusBadge } from '../job-status';
import { canMoveOnBoard } from '../job-transitions';
import { jobTitle } from '../jobs-api';
import type { ListedJob } from '../jobs-api';

const CELL_BORDER = '1px solid var(--mantine-color-default-border)';

/** A day of an operative: where jobs are dropped. */
export function BoardCellBox({
  id,
  loading,
  children,
}: {
  id: string;
  loading: boolean;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id });
  return (
    <Box
      ref={setNodeRef}
      role="gridcell"
      data-cell={id}
      p={4}
      mih={72}
      bg={isOver ? 'var(--mantine-color-blue-light)' : undefined}
      style={{ borderTop: CELL_BORDER, borderLeft: CELL_BORDER }}
    >
      {loading ? <Skeleton h={48} radius="sm" /> : <Stack gap={4}>{children}</Stack>}
    </Box>
  );
}

/** A job on the board: its link, status and project, and the handle that moves it. */
export function JobCard({
  job,
  moving = false,
  overlay = false,
}: {
  job: ListedJob;
  moving?: boolean;
  overlay?: boolean;
}) {
  const { slug } = useCurrentOrganisation();
  const movable = canMoveOnBoard(job) && !moving;
  const drag = useDraggable({
    id: job.id,
    disabled: !movable || overlay,
  });
  const title = jobTitle(job);
  return (
    <Paper
      ref={overlay ? undefined : drag.setNodeRef}
      withBorder
      radius="sm"
      p={6}
      shadow={overlay ? 'md' : undefined}
      opacity={drag.isDragging || moving ? 0.5 : 1}
      data-job={job.id}
    >
      <Group gap={4} wrap="nowrap" align="flex-start">
        {movable && <DragHandle drag={drag} label={`Move ${title}`} small />}
        <Stack gap={2} miw={0}>
          <Anchor component={Link} to={jobPath(slug, job.id)} size="xs" fw={600} lineClamp={2}>
            {title}
          </Anchor>
          {job.project?.name && (
            <Text size="xs" c="dimmed" truncate>
              {job.project.name}
            </Text>
          )}
          <JobStatusBadge status={job.status} />
        </Stack>
      </Group>
    </Paper>
  );
}
