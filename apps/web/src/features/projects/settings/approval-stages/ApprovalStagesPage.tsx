import type { ApprovalStage } from '@fieldwork/contract';
import { Avatar, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconStairs } from '@tabler/icons-react';
import { useEditTarget } from '../../../../ui/forms/RecordFormModal';
import { ConfigListPanel } from '../ConfigListPanel';
import { confirmRemoval } from '../confirm-removal';
import { ownerNoun } from '../owner';
import type { SettingsOwner } from '../owner';
import { useMemberOptions } from '../picker-options';
import { RowActions } from '../RowActions';
import { useDeleteConfigItem } from '../use-config-list';
import { ApprovalStageFormModal } from './ApprovalStageFormModal';

/** Settings › Approval stages: who approves job sheets, stage after stage, in this order. */
export function ApprovalStagesPage({ owner }: { owner: SettingsOwner }) {
  const edit = useEditTarget<ApprovalStage>();
  const remove = useDeleteConfigItem(owner, 'approval_stages');
  const members = useMemberOptions();
  const nameOf = (id: string) =>
    members.data?.find((member) => member.value === id)?.label ?? 'Former member';

  return (
    <>
      <ConfigListPanel
        owner={owner}
        list="approval_stages"
        title="Approval stages"
        description={`Job sheets of this ${ownerNoun(owner)} are approved stage by stage, top to bottom.`}
        addLabel="Add stage"
        onAdd={edit.openCreate}
        empty={{
          icon: <IconStairs size={32} />,
          title: 'No approval stages',
          description: 'Add a stage for each sign-off a job sheet needs.',
        }}
        nameOf={(stage) => stage.name}
      >
        {(stage) => (
          <Group gap="xs" wrap="nowrap">
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={500} truncate>
                {stage.name}
              </Text>
              {stage.declaration && (
                <Text size="xs" c="dimmed" truncate>
                  {stage.declaration}
                </Text>
              )}
            </Stack>
            {stage.user_ids.length === 0 ? (
              <Badge variant="light" color="orange">
                No approvers
              </Badge>
            ) : (
              <Tooltip label={stage.user_ids.map(nameOf).join(', ')}>
                <Avatar.Group aria-label={`Approvers: ${stage.user_ids.map(nameOf).join(', ')}`}>
                  {stage.user_ids.slice(0, 3).map((id) => (
                    <Avatar key={id} size="sm" name={nameOf(id)} color="initials" />
                  ))}
                  {stage.user_ids.length > 3 && (
                    <Avatar size="sm">+{stage.user_ids.length - 3}</Avatar>
                  )}
                </Avatar.Group>
              </Tooltip>
            )}
            <RowActions
              name={stage.name}
              onEdit={() => edit.openEdit(stage)}
              onDelete={() =>
                confirmRemoval({
                  title: `Delete ${stage.name}`,
                  name: stage.name,
                  message: `Job sheets no longer go through ${stage.name}. Decisions already made at it are kept.`,
                  remove: () => remove.mutateAsync({ id: stage.id }),
                })
              }
            />
          </Group>
        )}
      </ConfigListPanel>
      <ApprovalStageFormModal owner={owner} target={edit.target} onClose={edit.close} />
    </>
  );
}
