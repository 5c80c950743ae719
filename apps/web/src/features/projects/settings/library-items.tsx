import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { confirmRemoval } from './confirm-removal';
import { ownerNoun } from './owner';
import type { SettingsOwner } from './owner';
import { RowActions } from './RowActions';

/**
 * The row menu of a library record offered on a project or template (a form, a material):
 * "Remove" takes it off this owner after a confirmation; the record stays in the library.
 */
export function LibraryItemActions({
  owner,
  name,
  noun,
  onEdit,
  remove,
}: {
  owner: SettingsOwner;
  name: string;
  /** What the record is, for the confirmation ("form", "material"). */
  noun: string;
  onEdit?: () => void;
  remove: () => Promise<unknown>;
}) {
  return (
    <RowActions
      name={name}
      deleteLabel="Remove"
      onEdit={onEdit}
      onDelete={() =>
        confirmRemoval({
          title: `Remove ${name}`,
          name,
          message: `${name} is no longer offered on this ${ownerNoun(owner)}. The ${noun} stays in the library.`,
          confirmLabel: 'Remove',
          remove,
        })
      }
    />
  );
}

/** A library action beside a list's add button (e.g. "Sync from library", "Add all materials"). */
export function LibraryButton({
  icon,
  loading,
  onClick,
  children,
}: {
  icon: ReactNode;
  loading: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button variant="default" leftSection={icon} loading={loading} onClick={onClick}>
      {children}
    </Button>
  );
}
