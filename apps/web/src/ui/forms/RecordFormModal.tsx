import { Fragment, useState } from 'react';
import type { ReactNode } from 'react';
import { notifySuccess } from '../feedback/notify';
import { FormDialog } from './FormDialog';

/** What a record's form modal edits: a new record, an existing one, or nothing (closed). */
export type EditTarget<Item> = { mode: 'create' } | { mode: 'edit'; record: Item } | null;

/** The open/closed state of a record's form modal. */
export function useEditTarget<Item>() {
  const [target, setTarget] = useState<EditTarget<Item>>(null);
  return {
    target,
    openCreate: () => setTarget({ mode: 'create' }),
    openEdit: (record: Item) => setTarget({ mode: 'edit', record }),
    close: () => setTarget(null),
  };
}

/**
 * "New {noun}" or "Edit {noun}" in a modal; the form (children, given the record when editing)
 * starts afresh for each record.
 */
export function RecordFormModal<Item extends { id: string }>({
  target,
  onClose,
  noun,
  children,
}: {
  target: EditTarget<Item>;
  onClose: () => void;
  noun: string;
  children: (record: Item | undefined) => ReactNode;
}) {
  const record = target?.mode === 'edit' ? target.record : undefined;
  return (
    <FormDialog
      opened={target !== null}
      onClose={onClose}
      title={`${record ? 'Edit' : 'New'} ${noun}`}
    >
      <Fragment key={record?.id ?? 'new'}>{children(record)}</Fragment>
    </FormDialog>
  );
}

/** After a save: "{name} saved" (or "created", for a new record), then `onDone`. */
export function notifySaved(isNew: boolean, onDone: () => void) {
  return (saved: { name: string }) => {
    notifySuccess(isNew ? `${saved.name} created` : `${saved.name} saved`);
    onDone();
  };
}
