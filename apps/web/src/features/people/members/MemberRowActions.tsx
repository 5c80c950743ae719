import { Menu } from '@mantine/core';
import {
  IconBriefcase,
  IconPlayerPause,
  IconPlayerPlay,
  IconShieldCog,
  IconTrash,
  IconUserShare,
  IconUsersPlus,
} from '@tabler/icons-react';
import { confirmDeletion, confirmDestructive } from '../../../ui/feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../../../ui/feedback/notify';
import type { Member } from '../people-types';
import type { MemberDialogKind } from './MemberDialog';
import { useDeleteMember, useSetMemberActive } from './members-api';
import { RowActionsMenu } from '../../../ui/data-table/RowActionsMenu';

export interface MemberRowActionsProps {
  member: Member;
  /** The signed-in user's own row: no role change, deactivation or deletion of oneself. */
  isSelf: boolean;
  organisationName: string;
  /** Admins may do everything; managers only add members to teams. */
  isAdmin: boolean;
  onOpen: (kind: MemberDialogKind) => void;
}

/** An admin's actions on one member. */
export function MemberRowActions({
  member,
  isSelf,
  organisationName,
  isAdmin,
  onOpen,
}: MemberRowActionsProps) {
  const setActive = useSetMemberActive();
  const deleteMember = useDeleteMember();
  const mayChangeStanding = isAdmin && !isSelf && !member.owner;

  const activate = () =>
    setActive.mutate(
      { id: member.id, active: true },
      {
        onSuccess: () => notifySuccess(`${member.name} reactivated`),
        onError: (error) => notifyFailure(`Could not reactivate ${member.name}`, error),
      },
    );

  const deactivate = () =>
    confirmDestructive({
      title: 'Deactivate member',
      message: `Deactivate ${member.name}? They can no longer use ${organisationName} until reactivated, and free their seat.`,
      confirmLabel: 'Deactivate',
      onConfirm: () =>
        setActive.mutate(
          { id: member.id, active: false },
          {
            onSuccess: () => notifySuccess(`${member.name} deactivated`),
            onError: (error) => notifyFailure(`Could not deactivate ${member.name}`, error),
          },
        ),
    });

  const remove = () =>
    confirmDeletion({
      title: 'Delete member',
      message: `Remove ${member.name} from ${organisationName}? This cannot be undone.`,
      onDelete: (force) => deleteMember.mutateAsync({ id: member.id, force }),
      onDeleted: () => notifySuccess(`${member.name} removed`),
      onFailed: (error) => notifyFailure(`Could not remove ${member.name}`, error),
    });

  return (
    <RowActionsMenu name={member.name}>
      {mayChangeStanding && (
        <Menu.Item leftSection={<IconShieldCog size={16} />} onClick={() => onOpen('role')}>
          Change role
        </Menu.Item>
      )}
      {isAdmin && (
        <Menu.Item leftSection={<IconBriefcase size={16} />} onClick={() => onOpen('employment')}>
          Employment information
        </Menu.Item>
      )}
      {member.active && (
        <Menu.Item leftSection={<IconUsersPlus size={16} />} onClick={() => onOpen('teams')}>
          Add to teams
        </Menu.Item>
      )}
      {mayChangeStanding && (
        <>
          <Menu.Divider />
          {member.active ? (
            <>
              <Menu.Item leftSection={<IconUserShare size={16} />} onClick={() => onOpen('guest')}>
                Change to guest
              </Menu.Item>
              <Menu.Item leftSection={<IconPlayerPause size={16} />} onClick={deactivate}>
                Deactivate
              </Menu.Item>
            </>
          ) : (
            <Menu.Item leftSection={<IconPlayerPlay size={16} />} onClick={activate}>
              Reactivate
            </Menu.Item>
          )}
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={remove}>
            Delete
          </Menu.Item>
        </>
      )}
    </RowActionsMenu>
  );
}
