import { Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  taskFraction,
  useBackgroundTask,
} from '../../../../ui/background-tasks/use-background-task';
import { modals } from '../../../../ui/feedback/modals';
import { IconCalculator, IconChecks, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { notifyFailure, notifySuccess } from '../../../../ui/feedback/notify';
import { useProjectAction } from './project-files-api';
import type { ProjectAction } from './project-files-api';

const ACTIONS: ReadonlyArray<{
  action: ProjectAction;
  label: string;
  explanation: string;
  done: string;
  icon: ReactNode;
  /** Asked before running: it changes how the project works, not only what it shows. */
  confirm?: string;
}> = [
  {
    action: 'recalculate_rates',
    label: 'Recalculate rates',
    explanation: 'Prices recorded materials again with the rates the project uses now.',
    done: 'Recalculating rates…',
    icon: <IconCalculator size={16} />,
  },
  {
    action: 'clear_page_cache',
    label: 'Clear page cache',
    explanation: 'Rebuilds saved pages of this project if they show out-of-date figures.',
    done: 'Page cache cleared',
    icon: <IconRefresh size={16} />,
  },
  {
    action: 'enable_approvals_on_all_forms',
    label: 'Enable approvals on all forms',
    explanation: 'Turns approvals on for the project, so every form’s job sheets need approving.',
    done: 'Approvals enabled on all forms',
    icon: <IconChecks size={16} />,
    confirm:
      'Job sheets of every form on this project will need approving through its approval stages before they count as done.',
  },
];

/** Settings › General (projects): one-off fixes a manager runs on the project. */
export function MaintenanceCard({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const run = useProjectAction(projectId);
  const [taskId, setTaskId] = useState<string | null>(null);

  const start = ({ action, label, done, confirm }: (typeof ACTIONS)[number]) => {
    const go = () =>
      run.mutate(action, {
        onSuccess: (answer) => {
          if (answer?.task_id) setTaskId(answer.task_id);
          notifySuccess(done);
        },
        onError: (error) => notifyFailure(`Could not ${label.toLowerCase()}`, error),
      });
    if (!confirm) return go();
    modals.openConfirmModal({
      title: label,
      children: <Text size="sm">{confirm}</Text>,
      labels: { confirm: label, cancel: 'Cancel' },
      onConfirm: go,
    });
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h5">
            Maintenance
          </Title>
          {!canEdit && (
            <Text size="sm" c="dimmed">
              Managers and admins run these.
            </Text>
          )}
        </Stack>
        {taskId && <RecalculationProgress taskId={taskId} onDone={() => setTaskId(null)} />}
        {ACTIONS.map((item) => (
          <Group key={item.action} justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" style={{ flex: '1 1 260px', minWidth: 0 }}>
              {item.explanation}
            </Text>
            {canEdit ? (
              <Button
                size="xs"
                variant="default"
                leftSection={item.icon}
                loading={run.isPending && run.variables === item.action}
                disabled={run.isPending && run.variables !== item.action}
                onClick={() => start(item)}
              >
                {item.label}
              </Button>
            ) : (
              <Text size="sm" fw={500} c="dimmed">
                {item.label}
              </Text>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** The re-pricing on the work queue: how many materials so far, then the outcome. */
function RecalculationProgress({ taskId, onDone }: { taskId: string; onDone: () => void }) {
  const task = useBackgroundTask(taskId).data;
  const queryClient = useQueryClient();
  const status = task?.status;
  useEffect(() => {
    if (status === 'SUCCEEDED') {
      const { recalculated = 0 } = (task?.result ?? {}) as { recalculated?: number };
      notifySuccess(
        `Rates recalculated: ${recalculated} material${recalculated === 1 ? '' : 's'} priced again`,
      );
      // job sheets, their materials and job summaries show the new prices
      void queryClient.invalidateQueries();
      onDone();
    } else if (status === 'FAILED' || status === 'DEAD') {
      notifyFailure(
        'Could not recalculate the rates',
        new Error(task?.error ?? 'The work failed.'),
      );
      onDone();
    }
  }, [status, task, queryClient, onDone]);
  const fraction = task ? taskFraction(task) : null;
  return (
    <Stack gap={4} role="status" aria-label="Recalculating rates">
      <Text size="sm">{task?.message ?? 'Waiting to start…'}</Text>
      <Progress
        value={(fraction ?? 0) * 100}
        animated={fraction === null}
        aria-label="Recalculation progress"
      />
    </Stack>
  );
}
