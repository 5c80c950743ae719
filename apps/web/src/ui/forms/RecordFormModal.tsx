import { Fragment, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
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

/** What a record's form is given: the record (none when new) and how to close. */
export interface RecordFormProps<Item> {
  record: Item | undefined;
  onDone: () => void;
}

/** The props of the modal `recordFormModal` makes: the target, how to close, the form's others. */
export type RecordFormModalProps<Props extends RecordFormProps<{ id: string }>> = {
  target: EditTarget<NonNullable<Props['record']>>;
  onClose: () => void;
} & FormOwnProps<Props>;

/** A record form's props besides the record and `onDone`. */
type FormOwnProps<Props> = Omit<Props, keyof RecordFormProps<unknown>>;

/**
 * The modal of a record's form: `RecordFormModal` around `Form`, which is given the record (when
 * editing), `onDone` (closing the modal) and the modal's other props. The noun may depend on them.
 */
export function recordFormModal<Props extends RecordFormProps<{ id: string }>>(
  noun: string | ((props: FormOwnProps<Props>) => string),
  Form: ComponentType<Props>,
) {
  return function RecordFormModalOf({ target, onClose, ...extra }: RecordFormModalProps<Props>) {
    const own = extra as unknown as FormOwnProps<Props>;
    return (
      <RecordFormModal
        target={target}
        onClose={onClose}
        noun={typeof noun === 'string' ? noun : noun(own)}
      >
        {(record) => <Form {...({ ...own, record, onDone: onClose } as Props)} />}
      </RecordFormModal>
    );
  };
}
