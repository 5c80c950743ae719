import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
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
    done: 'Rates recalculated',
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

  const start = ({ action, label, done, confirm }: (typeof ACTIONS)[number]) => {
    const go = () =>
      run.mutate(action, {
        onSuccess: () => notifySuccess(done),
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
