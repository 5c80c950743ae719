import { Modal } from '@mantine/core';
import type { Member } from '../../../ui/people-types';
import { AddToTeamsForm } from './AddToTeamsForm';
import { ChangeRoleForm } from './ChangeRoleForm';
import { ChangeToGuestForm } from './ChangeToGuestForm';
import { EmploymentInfoForm } from './EmploymentInfoForm';

export type MemberDialogKind = 'role' | 'employment' | 'teams' | 'guest';

/** Which member dialog is open, for whom; null when none is. */
export type MemberDialogTarget = { kind: MemberDialogKind; member: Member } | null;

const TITLE: Record<MemberDialogKind, string> = {
  role: 'Change role',
  employment: 'Employment information',
  teams: 'Add to teams',
  guest: 'Change to guest',
};

export function MemberDialog({
  target,
  onClose,
}: {
  target: MemberDialogTarget;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target ? `${TITLE[target.kind]}: ${target.member.name}` : ''}
    >
      {target?.kind === 'role' && <ChangeRoleForm member={target.member} onDone={onClose} />}
      {target?.kind === 'employment' && (
        <EmploymentInfoForm member={target.member} onDone={onClose} />
      )}
      {target?.kind === 'teams' && <AddToTeamsForm member={target.member} onDone={onClose} />}
      {target?.kind === 'guest' && <ChangeToGuestForm member={target.member} onDone={onClose} />}
    </Modal>
  );
}
