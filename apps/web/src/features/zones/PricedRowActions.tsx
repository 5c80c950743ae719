import { IconCopy, IconPencil, IconRestore, IconTrash } from '@tabler/icons-react';
import { confirmDeletion } from '../../ui/feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { RowActionsMenu } from '../../ui/data-table/RowActionsMenu';
import {
  pricedLabel,
  useDeletePriced,
  useDuplicatePriced,
  useRestorePriced,
  type PricedKind,
  type PricedRecord,
} from './priced-api';

/**
 * A zone's or specification's menu: edit, duplicate and delete; restore for a deleted zone. A
 * zone's delete moves it to the bin ("Show deleted"); a specification's is for good.
 */
export function PricedRowActions({
  kind,
  record,
  onEdit,
}: {
  kind: PricedKind;
  record: PricedRecord;
  onEdit: () => void;
}) {
  const remove = useDeletePriced(kind);
  const duplicate = useDuplicatePriced(kind);
  const restore = useRestorePriced(kind);
  const label = pricedLabel(record);
  const may = (action: string) => record.permissions?.[action] ?? true;

  const onDelete = () =>
    confirmDeletion({
      title: `Delete ${kind.noun}`,
      message: kind.softDelete
        ? `Delete ${label}? It can be restored from "Show deleted".`
        : `Delete ${label} for good? Its locations keep no ${kind.noun}.`,
      onDelete: () => remove.mutateAsync({ id: record.id }),
      onDeleted: () => notifySuccess(`${label} deleted`),
      onFailed: (error) => notifyFailure(`Could not delete ${label}`, error),
      canForce: false,
    });

  if (record.deleted_at)
    return (
      <RowActionsMenu
        name={label}
        actions={[
          {
            label: 'Restore',
            icon: <IconRestore size={16} />,
            onClick: () =>
              restore.mutate(record.id, {
                onSuccess: () => notifySuccess(`${label} restored`),
                onError: (error) => notifyFailure(`Could not restore ${label}`, error),
              }),
          },
        ]}
      />
    );
  return (
    <RowActionsMenu
      name={label}
      actions={[
        { label: 'Edit', icon: <IconPencil size={16} />, onClick: onEdit, hidden: !may('update') },
        {
          label: 'Duplicate',
          icon: <IconCopy size={16} />,
          hidden: !may('duplicate'),
          onClick: () =>
            duplicate.mutate(record.id, {
              onSuccess: (copy) => notifySuccess(`${pricedLabel(copy)} created as a copy`),
              onError: (error) => notifyFailure(`Could not duplicate ${label}`, error),
            }),
        },
        {
          label: 'Delete',
          icon: <IconTrash size={16} />,
          color: 'red',
          hidden: !may('delete'),
          onClick: onDelete,
        },
      ]}
    />
  );
}
