import type { ProjectMember, RecordPermissions } from '@fieldwork/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Skeleton,
  Stack,
  Switch,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryErrorState } from '../../../ui/feedback/ErrorState';
import { confirmDeletion } from '../../../ui/feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../../../ui/feedback/notify';
import {
  useProjectMembers,
  useRemoveProjectMember,
  useUpdateProjectMember,
} from '../project-members-api';
import type { MemberPermissions } from '../project-members-api';
import { AddProjectMembersModal } from './AddProjectMembersModal';
import { OverviewCard } from './OverviewCard';

const PERMISSIONS: { key: keyof MemberPermissions; label: string }[] = [
  { key: 'can_start_jobs', label: 'Can start jobs' },
  { key: 'can_edit', label: 'Can edit' },
];

/** Who works on the project, what each may do there, and adding or removing people. */
export function ProjectMembersCard({
  projectId,
  permissions,
}: {
  projectId: string;
  /** The project's permissions for the caller, as the server answers them. */
  permissions: RecordPermissions | undefined;
}) {
  const members = useProjectMembers(projectId);
  const [adding, setAdding] = useState(false);
  // Managers change anyone's projects; an operative only those where they may edit (can_edit).
  const canManage = permissions?.manage_members === true;

  return (
    <OverviewCard
      title="Members"
      actions={
        canManage && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconUserPlus size={14} />}
            onClick={() => setAdding(true)}
          >
            Add members
          </Button>
        )
      }
    >
      {members.isError ? (
        <QueryErrorState title="Could not load the members" query={members} />
      ) : !members.data ? (
        <Stack gap="xs">
          <Skeleton height={44} />
          <Skeleton height={44} />
        </Stack>
      ) : members.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody is on this project yet.
        </Text>
      ) : (
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {members.data.map((member) => (
            <MemberRow
              key={member.user_id}
              projectId={projectId}
              member={member}
              canManage={canManage}
              canForce={permissions?.force_delete === true}
            />
          ))}
        </Stack>
      )}
      <AddProjectMembersModal
        opened={adding}
        projectId={projectId}
        present={members.data?.map((member) => member.user_id) ?? []}
        onClose={() => setAdding(false)}
      />
    </OverviewCard>
  );
}

function MemberRow({
  projectId,
  member,
  canManage,
  canForce,
}: {
  projectId: string;
  member: ProjectMember;
  canManage: boolean;
  canForce: boolean;
}) {
  const update = useUpdateProjectMember(projectId);
  const remove = useRemoveProjectMember(projectId);
  const name = member.name || member.email;

  const toggle = (key: keyof MemberPermissions, value: boolean) =>
    update.mutate(
      { userId: member.user_id, permissions: { [key]: value } },
      { onError: (error) => notifyFailure(`Could not change ${name}'s permissions`, error) },
    );

  const confirmRemoval = () =>
    confirmDeletion({
      title: 'Remove from project',
      message: `Take ${name} off this project? They keep their membership of the organisation.`,
      onDelete: (force) => remove.mutateAsync({ userId: member.user_id, force }),
      onDeleted: () => notifySuccess(`${name} removed from the project`),
      onFailed: (error) => notifyFailure(`Could not remove ${name}`, error),
      canForce,
      verb: 'Remove',
    });

  return (
    <Group
      component="li"
      justify="space-between"
      gap="xs"
      py="xs"
      wrap="wrap"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={0} miw={0} style={{ flex: '1 1 160px' }}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500} truncate>
            {name}
          </Text>
          {member.guest && (
            <Badge size="xs" variant="light" color="grape">
              Guest
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" truncate>
          {member.email}
        </Text>
      </Stack>
      <Group gap="sm" wrap="nowrap">
        {PERMISSIONS.map(({ key, label }) => (
          <Switch
            key={key}
            size="xs"
            label={label}
            aria-label={`${label}: ${name}`}
            checked={member[key]}
            disabled={!canManage || update.isPending}
            onChange={(event) => toggle(key, event.currentTarget.checked)}
          />
        ))}
        {canManage && (
          <Tooltip label="Remove from project">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${name}`}
              onClick={confirmRemoval}
            >
              <IconUserMinus size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Group>
  );
}
