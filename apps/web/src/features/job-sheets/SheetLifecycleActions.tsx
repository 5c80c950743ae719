import { jobSheetUpdateRejectionSchema, type JobSheet } from '@fieldwork/contract';
import { Button, Modal, Text, Textarea } from '@mantine/core';
import { modals } from '../../ui/feedback/modals';
import { IconArrowBackUp, IconBan, IconMessage } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmDestructive } from '../../ui/feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { ModalForm } from '../../ui/forms/ModalForm';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { useJobSheetAction } from './job-sheets-api';
import { standingRejection } from './sheet-lifecycle';

/**
 * Unsubmit (back to in progress, before any decision), cancel, and edit the comments of the
 * standing rejection: each shown when the sheet's `permissions` allow it.
 */
export function SheetLifecycleActions({ sheet }: { sheet: JobSheet }) {
  const act = useJobSheetAction(sheet.id);
  const [editingRejection, setEditingRejection] = useState(false);
  const can = sheet.permissions ?? {};
  const rejection = standingRejection(sheet);

  const run = (action: 'unsubmit' | 'cancel', done: string, failed: string) =>
    act.mutate(
      { action },
      {
        onSuccess: () => notifySuccess(done),
        onError: (error) => notifyFailure(failed, error),
      },
    );
  const confirmUnsubmit = () =>
    modals.openConfirmModal({
      title: `Unsubmit sheet ${sheet.number}`,
      children: (
        <Text size="sm">
          The sheet goes back to in progress so its answers can be changed; it must be submitted
          again.
        </Text>
      ),
      labels: { confirm: 'Unsubmit', cancel: 'Keep submitted' },
      onConfirm: () => run('unsubmit', 'Sheet unsubmitted', 'Could not unsubmit the sheet'),
    });
  const confirmCancel = () =>
    confirmDestructive({
      title: `Cancel sheet ${sheet.number}`,
      message: 'A cancelled sheet cannot be changed, submitted or approved again.',
      confirmLabel: 'Cancel sheet',
      onConfirm: () => run('cancel', 'Sheet cancelled', 'Could not cancel the sheet'),
    });

  return (
    <>
      {sheet.status === 'SUBMITTED' && can.unsubmit && (
        <Button
          variant="default"
          leftSection={<IconArrowBackUp size={16} />}
          loading={act.isPending && act.variables?.action === 'unsubmit'}
          onClick={confirmUnsubmit}
        >
          Unsubmit
        </Button>
      )}
      {sheet.status === 'REJECTED' && rejection && can.update_rejection && (
        <Button
          variant="default"
          leftSection={<IconMessage size={16} />}
          onClick={() => setEditingRejection(true)}
        >
          Edit rejection
        </Button>
      )}
      {can.cancel && (
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconBan size={16} />}
          loading={act.isPending && act.variables?.action === 'cancel'}
          onClick={confirmCancel}
        >
          Cancel sheet
        </Button>
      )}
      <Modal
        opened={editingRejection}
        onClose={() => setEditingRejection(false)}
        title={`Edit the rejection of sheet ${sheet.number}`}
      >
        {editingRejection && (
          <RejectionForm
            comments={rejection?.comments ?? ''}
            pending={act.isPending}
            onClose={() => setEditingRejection(false)}
            onSend={(comments, capture) =>
              act.mutate(
                { action: 'update_rejection', method: 'put', body: { comments } },
                {
                  onSuccess: () => {
                    notifySuccess('Rejection updated');
                    setEditingRejection(false);
                  },
                  onError: capture,
                },
              )
            }
          />
        )}
      </Modal>
    </>
  );
}

function RejectionForm({
  comments,
  pending,
  onSend,
  onClose,
}: {
  comments: string;
  pending: boolean;
  onSend: (comments: string, capture: (error: unknown) => void) => void;
  onClose: () => void;
}) {
  const form = useZodForm(jobSheetUpdateRejectionSchema, { comments });
  return (
    <ModalForm
      onSubmit={form.submit((input) => onSend(input.comments, form.capture))}
      formError={form.formError}
      submitLabel="Save"
      pending={pending}
      onCancel={onClose}
    >
      <Textarea
        label="Why the sheet is rejected"
        required
        autosize
        minRows={3}
        data-autofocus
        {...form.bind('comments')}
      />
    </ModalForm>
  );
}
