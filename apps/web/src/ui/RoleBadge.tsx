import type { Role } from '@fieldwork/contract';
import { Badge } from '@mantine/core';

const ROLE_LABEL: Record<Role, string> = {
  ADMIN: 'Admin',
  MANAGER: 'Manager',
  OPERATIVE: 'Operative',
  GUEST: 'Guest',
};
const ROLE_COLOR: Record<Role, string> = {
  ADMIN: 'grape',
  MANAGER: 'blue',
  OPERATIVE: 'teal',
  GUEST: 'gray',
};

export const roleLabel = (role: Role) => ROLE_LABEL[role];

/** A member's role as a small coloured label. */
export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge size="sm" variant="light" color={ROLE_COLOR[role]}>
      {ROLE_LABEL[role]}
    </Badge>
  );
}
