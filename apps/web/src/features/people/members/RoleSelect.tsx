import { Select } from '@mantine/core';
import type { BoundInput } from '../../../ui/forms/use-zod-form';
import { roleLabel } from '../../../ui/RoleBadge';
import { MEMBER_ROLES } from '../../../ui/people-types';

export const ROLE_OPTIONS = MEMBER_ROLES.map((role) => ({ value: role, label: roleLabel(role) }));

/** A member's role, bound to a form's `role` field; focused when `autoFocus`. */
export function RoleSelect({
  description,
  autoFocus = false,
  ...bound
}: BoundInput & { description?: string; autoFocus?: boolean }) {
  return (
    <Select
      label="Role"
      description={description}
      data={ROLE_OPTIONS}
      allowDeselect={false}
      data-autofocus={autoFocus || undefined}
      comboboxProps={{ withinPortal: true }}
      {...bound}
    />
  );
}
