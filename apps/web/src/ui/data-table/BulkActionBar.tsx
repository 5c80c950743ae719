import { IconArchive, IconArchiveOff, IconTrash } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { BulkAction, BulkOutcome } from '../../api/resource';
import type { BulkVariables } from '../../api/resource-hooks';
import { confirmDestructive, offerForcedDeletion } from '../feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../feedback/notify';
import { BulkFailureList, nameFailures, showBulkFailures } from '../feedback/bulk-failures';
import { BulkBar } from './BulkBar';

const DONE: Record<BulkAction, string> = {
  archive: 'Archived',
  unarchive: 'Unarchived',
  delete: 'Deleted',
  restore: 'Restored',
};

export interface BulkActionBarProps {
  ids: string[];
  /** The archived view offers unarchive, the active one archive. */
  showArchived: boolean;
  /** How many records, in words: count => "3 clients". */
  countLabel: (count: number) => string;
  /** The entity's bulk mutation (useBulkAction of api/resource-hooks). */
  bulk: UseMutationResult<BulkOutcome, Error, BulkVariables>;
  onDone: () => void;
  /** Whether refused deletions may be forced ("Delete anyway"); true unless said otherwise. */
  canForce?: boolean;
}

/**
 * Archive, unarchive or delete the checked rows through the _many endpoints. Per-id failures are
 * listed with their reasons; deletions that were refused can be forced.
 */
export function BulkActionBar({
  ids,
  showArchived,
  countLabel,
  bulk,
  onDone,
  canForce = true,
}: BulkActionBarProps) {
  const run = (action: BulkAction, targetIds: string[], force = false) =>
    bulk.mutate(
      { action, ids: targetIds, force },
      {
        onSuccess: (outcome) => report(action, outcome, force),
        onError: (error) => notifyFailure(`${DONE[action]} nothing`, error),
      },
    );

  const report = (action: BulkAction, { succeeded, failed }: BulkOutcome, forced: boolean) => {
    onDone();
    if (succeeded.length > 0) notifySuccess(`${DONE[action]} ${countLabel(succeeded.length)}`);
    if (failed.length === 0) return;
    const failures = nameFailures(failed, () => undefined);
    if (action === 'delete' && !forced && canForce) {
      const failedIds = failed.map((failure) => failure.id);
      offerForcedDeletion({
        title: `${countLabel(failed.length)} could not be deleted`,
        reason: <BulkFailureList failures={failures} />,
        onForce: () => run('delete', failedIds, true),
      });
    } else {
      showBulkFailures({ title: `${countLabel(failed.length)} could not be changed`, failures });
    }
  };

  const confirmDelete = () =>
    confirmDestructive({
      title: `Delete ${countLabel(ids.length)}`,
      message: `Delete ${countLabel(ids.length)}? This cannot be undone.`,
      confirmLabel: 'Delete',
      onConfirm: () => run('delete', ids),
    });

  return (
    <BulkBar
      label={`${ids.length} selected`}
      pending={bulk.isPending}
      onClear={onDone}
      actions={[
        showArchived
          ? {
              key: 'unarchive',
              label: 'Unarchive',
              icon: <IconArchiveOff size={14} />,
              onClick: () => run('unarchive', ids),
            }
          : {
              key: 'archive',
              label: 'Archive',
              icon: <IconArchive size={14} />,
              onClick: () => run('archive', ids),
            },
        {
          key: 'delete',
          label: 'Delete',
          icon: <IconTrash size={14} />,
          danger: true,
          onClick: confirmDelete,
        },
      ]}
    />
  );
}
