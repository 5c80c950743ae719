import type { BulkFailure } from '@fieldwork/contract';
import { IconTrash } from '@tabler/icons-react';
import { confirmDestructive } from '../../../../ui/feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../../../../ui/feedback/notify';
import { nameFailures, showBulkFailures } from '../../../../ui/feedback/bulk-failures';
import { BulkBar } from '../../../../ui/data-table/BulkBar';
import { levelCount, structureApi, useStructureMutation } from './structure-api';

/** Says which levels were not deleted and why (still in use, already gone). */
export function reportLevelFailures(
  failed: BulkFailure[],
  nameOf: (id: string) => string | undefined,
) {
  showBulkFailures({
    title: `${levelCount(failed.length)} could not be deleted`,
    failures: nameFailures(failed, nameOf),
  });
}

/** Deletes the checked levels; those the server keeps are listed with its reason. */
export function LevelBulkBar({
  projectId,
  ids,
  nameOf,
  onDone,
}: {
  projectId: string;
  ids: string[];
  nameOf: (id: string) => string | undefined;
  onDone: () => void;
}) {
  const remove = useStructureMutation(projectId, (levelIds: string[]) =>
    structureApi.deleteLevels(levelIds),
  );

  const confirm = () =>
    confirmDestructive({
      title: `Delete ${levelCount(ids.length)}`,
      message: `Delete ${levelCount(ids.length)}? Deleted levels can be restored from "Show deleted".`,
      confirmLabel: 'Delete',
      onConfirm: () =>
        remove.mutate(ids, {
          onSuccess: ({ deleted, failed }) => {
            onDone();
            if (deleted.length) notifySuccess(`Deleted ${levelCount(deleted.length)}`);
            reportLevelFailures(failed, nameOf);
          },
          onError: (error) => notifyFailure('Deleted nothing', error),
        }),
    });

  return (
    <BulkBar
      label={`${levelCount(ids.length)} selected`}
      pending={remove.isPending}
      onClear={onDone}
      actions={[
        {
          key: 'delete',
          label: 'Delete levels',
          icon: <IconTrash size={14} />,
          danger: true,
          onClick: confirm,
        },
      ]}
    />
  );
}
