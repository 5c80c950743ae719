import { confirmDestructive } from '../../../ui/feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../../../ui/feedback/notify';

/** Asks, then removes a configuration record, and says how it went. */
export function confirmRemoval({
  title,
  name,
  message,
  confirmLabel = 'Delete',
  remove,
}: {
  title: string;
  name: string;
  message: string;
  confirmLabel?: string;
  remove: () => Promise<unknown>;
}) {
  confirmDestructive({
    title,
    message,
    confirmLabel,
    onConfirm: () => {
      remove().then(
        () => notifySuccess(`${name} removed`),
        (error: unknown) => notifyFailure(`Could not remove ${name}`, error),
      );
    },
  });
}
