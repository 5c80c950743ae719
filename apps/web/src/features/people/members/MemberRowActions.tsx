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
import type { Member } from '../../../ui/people-types';
import type { MemberDialogKind } from './MemberDialog';
import { useDeleteMember, useSetMemberActive } from './members-api';
import { RowActionsMenu } from '../../../ui/data-table/RowActionsMenu';

export interface MemberRowActionsProps {
  member: Member;
  organisationName: string;
  onOpen: (kind: MemberDialogKind) => void;
}

/**
 * The actions on one member that the server says the caller may take (the member's
 * `permissions`: nobody changes their own standing or an owner's, managers add to teams).
 */
export function MemberRowActions({ member, organisationName, onOpen }: MemberRowActionsProps) {
  const setActive = useSetMemberActive();
  const deleteMember = useDeleteMember();
  const may = member.permissions ?? {};

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

  const standing = member.active
    ? [
        may.change_to_guest && (
          <Menu.Item
            key="guest"
            leftSection={<IconUserShare size={16} />}
            onClick={() => onOpen('guest')}
          >
            Change to guest
          </Menu.Item>
        ),
        may.deactivate && (
          <Menu.Item
            key="deactivate"
            leftSection={<IconPlayerPause size={16} />}
            onClick={deactivate}
          >
            Deactivate
          </Menu.Item>
        ),
      ]
    : [
        may.activate && (
          <Menu.Item key="activate" leftSection={<IconPlayerPlay size={16} />} onClick={activate}>
            Reactivate
          </Menu.Item>
        ),
      ];
  const removal = may.delete && (
    <Menu.Item key="delete" color="red" leftSection={<IconTrash size={16} />} onClick={remove}>
      Delete
    </Menu.Item>
  );
  const below = [...standing, removal].filter(Boolean);
  const above =
    may.update_role || may.update_employment_info || (member.active && may.add_to_teams);
  if (!above && !below.length) return null;

  return (
    <RowActionsMenu name={member.name}>
      {may.update_role && (
        <Menu.Item leftSection={<IconShieldCog size={16} />} onClick={() => onOpen('role')}>
          Change role
        </Menu.Item>
      )}
      {may.update_employment_info && (
        <Menu.Item leftSection={<IconBriefcase size={16} />} onClick={() => onOpen('employment')}>
          Employment information
        </Menu.Item>
      )}
      {member.active && may.add_to_teams && (
        <Menu.Item leftSection={<IconUsersPlus size={16} />} onClick={() => onOpen('teams')}>
          Add to teams
        </Menu.Item>
      )}
      {below.length > 0 && (
        <>
          {above && <Menu.Divider />}
          {below}
        </>
      )}
    </RowActionsMenu>
  );
}
