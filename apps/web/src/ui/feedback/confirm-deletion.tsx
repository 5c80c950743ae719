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
  /** The confirm button's word, "Delete" unless taking away is not deleting ("Remove"). */
  verb?: string;
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
  verb = 'Delete',
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
          verb,
        });
    }
  };
  confirmDestructive({
    title,
    message,
    confirmLabel: verb,
    onConfirm: () => void attempt(false),
  });
}

/** The second step: why deletion was refused, and "Delete anyway". */
export function offerForcedDeletion({
  title,
  reason,
  onForce,
  verb = 'Delete',
}: {
  title: string;
  reason: ReactNode;
  onForce: () => void;
  verb?: string;
}) {
  confirmDestructive({
    title,
    message: (
      <>
        {reason}
        <Text size="sm" mt="sm" c="dimmed">
          {verb === 'Delete'
            ? 'Deleting anyway also removes what depends on it. This cannot be undone.'
            : `${verb === 'Remove' ? 'Removing' : verb} anyway also removes what depends on it. This cannot be undone.`}
        </Text>
      </>
    ),
    confirmLabel: `${verb} anyway`,
    onConfirm: onForce,
  });
}
