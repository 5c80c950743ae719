import { IconRestore, IconTrash } from '@tabler/icons-react';
import { confirmDestructive } from '../../ui/feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { nameFailures, showBulkFailures } from '../../ui/feedback/bulk-failures';
import { BulkBar } from '../../ui/data-table/BulkBar';
import { siteCount, useDeleteSites, useRestoreSites } from './sites-api';
import type { BulkSiteOutcome } from './sites-api';

/**
 * Delete (or, among deleted sites, restore) the checked sites. Sites still in use stay, and the
 * dialog after says which and why.
 */
export function SiteBulkBar({
  ids,
  showDeleted,
  nameOf,
  onDone,
}: {
  ids: string[];
  showDeleted: boolean;
  nameOf: (id: string) => string | undefined;
  onDone: () => void;
}) {
  const remove = useDeleteSites();
  const restore = useRestoreSites();

  const report = (verb: string) => (outcome: BulkSiteOutcome) => {
    onDone();
    if (outcome.done.length) notifySuccess(`${verb} ${siteCount(outcome.done.length)}`);
    showBulkFailures({
      title: `${siteCount(outcome.failed.length)} could not be ${verb.toLowerCase()}`,
      failures: nameFailures(outcome.failed, nameOf),
    });
  };
  const handlers = (verb: string) => ({
    onSuccess: report(verb),
    onError: (error: unknown) => notifyFailure(`${verb} nothing`, error),
  });

  return (
    <BulkBar
      label={`${ids.length} selected`}
      pending={remove.isPending || restore.isPending}
      onClear={onDone}
      actions={[
        showDeleted
          ? {
              key: 'restore',
              label: 'Restore',
              icon: <IconRestore size={14} />,
              onClick: () => restore.mutate(ids, handlers('Restored')),
            }
          : {
              key: 'delete',
              label: 'Delete',
              icon: <IconTrash size={14} />,
              danger: true,
              onClick: () =>
                confirmDestructive({
                  title: `Delete ${siteCount(ids.length)}`,
                  message: `Delete ${siteCount(ids.length)}? Deleted sites can be restored from "Show deleted".`,
                  confirmLabel: 'Delete',
                  onConfirm: () => remove.mutate(ids, handlers('Deleted')),
                }),
            },
      ]}
    />
  );
}
