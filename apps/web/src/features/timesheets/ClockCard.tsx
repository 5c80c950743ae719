import { Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { currentMembership } from '../../session/session-helpers';
import { useSession } from '../../session/use-session';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { formatTime } from '../../ui/format-time';
import { notifySuccess } from '../../ui/feedback/notify';
import {
  formatClock,
  useClockProjects,
  useEndTime,
  useMyOpenEntry,
  useStartTime,
  whereabouts,
} from './timesheets-api';

/** Seconds since `from`, ticking every second. */
function useRunning(from: string | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!from) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [from]);
  return from ? (now - Date.parse(from)) / 1000 : 0;
}

/**
 * "Start work" / "Stop work" for the signed-in member, with the running time while on the clock.
 * The browser is asked where the phone is each time; when it will not say, the entry records
 * that the location was not allowed.
 */
export function ClockCard() {
  const userId = currentMembership(useSession()).user_id;
  const open = useMyOpenEntry(userId);
  const entry = open.data?.data[0] ?? null;
  const start = useStartTime();
  const end = useEndTime();
  const [locating, setLocating] = useState(false);
  const [projectId, setProjectId] = useState<string | null>(null);
  const projects = useClockProjects(!entry && !open.isPending);
  const running = useRunning(entry?.effective_started_at ?? null);
  const error = start.error ?? end.error;

  const act = async () => {
    setLocating(true);
    const where = await whereabouts().finally(() => setLocating(false));
    if (entry) {
      const ended = await end.mutateAsync(where);
      notifySuccess(`Stopped: ${ended.data.duration_formatted} recorded`);
    } else {
      await start.mutateAsync({ ...where, ...(projectId ? { project_id: projectId } : {}) });
      notifySuccess('Started: your time is running');
    }
  };

  return (
    <Card withBorder padding="lg" radius="md" aria-label="Time clock">
      <Stack gap="sm" align="stretch">
        <Group justify="space-between" align="center">
          <Title order={2} size="h3">
            {entry ? 'On the clock' : 'Not on the clock'}
          </Title>
          {entry && (
            <Badge color="green" variant="light">
              Since {formatTime(entry.effective_started_at)}
            </Badge>
          )}
        </Group>
        {entry && (
          <Text
            fz={40}
            fw={700}
            ta="center"
            ff="monospace"
            aria-label="Running time"
            data-testid="running-time"
          >
            {formatClock(running)}
          </Text>
        )}
        {entry?.project_name && <Text c="dimmed">Project: {entry.project_name}</Text>}
        {!entry && (projects.data?.length ?? 0) > 0 && (
          <Select
            label="Project (optional)"
            placeholder="No project"
            data={projects.data ?? []}
            value={projectId}
            onChange={setProjectId}
            clearable
            searchable
          />
        )}
        <FormErrorAlert message={error ? errorMessage(error) : null} />
        <Button
          size="xl"
          fullWidth
          color={entry ? 'red' : 'green'}
          leftSection={entry ? <IconPlayerStop size={22} /> : <IconPlayerPlay size={22} />}
          loading={locating || start.isPending || end.isPending}
          disabled={open.isPending}
          onClick={() => void act().catch(() => undefined)}
        >
          {entry ? 'Stop work' : 'Start work'}
        </Button>
        <Text size="xs" c="dimmed">
          Your phone’s location is recorded with the time when you allow it.
        </Text>
      </Stack>
    </Card>
  );
}
