import { Text } from '@mantine/core';
import { modals } from './modals';
import type { ReactNode } from 'react';
import { ConflictError } from '../../api/errors';

export interface ConfirmDestructiveOptions {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
}

/** A confirmation dialog whose confirm button is red. */
export function confirmDestructive({
  title,
  message,
  confirmLabel,
  onConfirm,
}: ConfirmDestructiveOptions) {
  modals.openConfirmModal({
    title,
    children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
    labels: { confirm: confirmLabel, cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

export interface ConfirmDeletionOptions {
  title: string;
  message: string;
  /** Deletes; called again with force = true when the user chooses "Delete anyway" after a 409. */
  onDelete: (force: boolean) => Promise<unknown>;
  onDeleted: () => void;
  onFailed: (error: unknown) => void;
  /** False for people the server would refuse a forced deletion: a 409 is then just a failure. */
  canForce?: boolean;
}

/**
 * Asks before deleting. When the server answers 409 Conflict (related records still exist), shows
 * its reason and offers "Delete anyway", which retries with ?force=true.
 */
export function confirmDeletion({
  title,
  message,
  onDelete,
  onDeleted,
  onFailed,
  canForce = true,
}: ConfirmDeletionOptions) {
  const attempt = async (force: boolean) => {
    try {
      await onDelete(force);
      onDeleted();
    } catch (error) {
      if (force || !canForce || !(error instanceof ConflictError)) onFailed(error);
      else
        offerForcedDeletion({
          title,
          reason: <Text size="sm">{error.message}</Text>,
          onForce: () => void attempt(true),
        });
    }
  };
  confirmDestructive({
    title,
    message,
    confirmLabel: 'Delete',
    onConfirm: () => void attempt(false),
  });
}

/** The second step: why deletion was refused, and "Delete anyway". */
export function offerForcedDeletion({
  title,
  reason,
  onForce,
}: {
  title: string;
  reason: ReactNode;
  onForce: () => void;
}) {
  confirmDestructive({
    title,
    message: (
      <>
        {reason}
        <Text size="sm" mt="sm" c="dimmed">
          Deleting anyway also removes what depends on it. This cannot be undone.
        </Text>
      </>
    ),
    confirmLabel: 'Delete anyway',
    onConfirm: onForce,
  });
}
