import type { TimeEntry } from '@fieldwork/contract';
import { Modal, Select, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { ModalForm } from '../../ui/forms/ModalForm';
import { submitHandler } from '../../ui/forms/submit-handler';
import { notifySuccess } from '../../ui/feedback/notify';
import { formatDateTime } from '../../ui/format-time';
import { fromLocalInput, toLocalInput, useSaveTimeEntry } from './timesheets-api';

/** Field errors of a 422, by field, and the message of anything else. */
function failureOf(error: unknown) {
  const fields: Record<string, string> = {};
  const errors = (error as { errors?: Array<{ field: string; message: string }> } | null)?.errors;
  for (const item of errors ?? []) fields[item.field] = item.message;
  return { fields, message: error && !errors?.length ? errorMessage(error) : null };
}

/**
 * A manager's correction of an entry's start and end: the recorded times stay, the overrides
 * count, and the reason is required (shown beside the entry and in the reports).
 */
export function OverrideModal({ entry, onClose }: { entry: TimeEntry; onClose: () => void }) {
  const save = useSaveTimeEntry();
  const [start, setStart] = useState(toLocalInput(entry.effective_started_at));
  const [end, setEnd] = useState(toLocalInput(entry.effective_ended_at));
  const [reason, setReason] = useState(entry.override_reason ?? '');
  const [localError, setLocalError] = useState<string | null>(null);
  const failure = failureOf(save.error);

  const submit = async () => {
    if (!reason.trim()) return setLocalError('Say why the times change.');
    setLocalError(null);
    const changedStart = start !== toLocalInput(entry.effective_started_at);
    const changedEnd = !entry.open && end !== toLocalInput(entry.effective_ended_at);
    await save.mutateAsync({
      id: entry.id,
      input: {
        ...(changedStart ? { started_at_override: fromLocalInput(start) } : {}),
        ...(changedEnd ? { ended_at_override: fromLocalInput(end) } : {}),
        override_reason: reason,
      },
    });
    notifySuccess('Times corrected');
    onClose();
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Correct the times of ${entry.user_name ?? 'this entry'}`}
    >
      <ModalForm
        onSubmit={submitHandler(submit)}
        formError={failure.message}
        submitLabel="Save correction"
        pending={save.isPending}
        onCancel={onClose}
      >
        <Text size="sm" c="dimmed">
          Recorded: {formatDateTime(entry.started_at)}
          {entry.ended_at ? ` to ${formatDateTime(entry.ended_at)}` : ' (still open)'}
        </Text>
        <TextInput
          type="datetime-local"
          label="Start"
          value={start}
          onChange={(event) => setStart(event.currentTarget.value)}
          error={failure.fields.started_at_override}
          required
        />
        {!entry.open && (
          <TextInput
            type="datetime-local"
            label="End"
            value={end}
            onChange={(event) => setEnd(event.currentTarget.value)}
            error={failure.fields.ended_at_override}
            required
          />
        )}
        <Textarea
          label="Reason"
          description="Why the times change (required)"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={localError ?? failure.fields.override_reason}
          autosize
          minRows={2}
        />
      </ModalForm>
    </Modal>
  );
}

/** A manual entry: a member's start and end entered by hand (managers may name anyone). */
export function ManualEntryModal({
  onClose,
  members,
  defaultUserId,
}: {
  onClose: () => void;
  /** The members a manager may choose from; empty for an operative's own entry. */
  members: Array<{ value: string; label: string }>;
  defaultUserId?: string;
}) {
  const save = useSaveTimeEntry();
  const [userId, setUserId] = useState<string | null>(defaultUserId ?? null);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [notes, setNotes] = useState('');
  const failure = failureOf(save.error);

  const submit = async () => {
    await save.mutateAsync({
      input: {
        ...(members.length && userId ? { user_id: userId } : {}),
        started_at: fromLocalInput(start) ?? '',
        ended_at: fromLocalInput(end) ?? '',
        ...(notes.trim() ? { notes } : {}),
      },
    });
    notifySuccess('Time entry added');
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title="Add a time entry">
      <ModalForm
        onSubmit={submitHandler(submit)}
        formError={failure.message}
        submitLabel="Add entry"
        pending={save.isPending}
        disabled={!start || !end}
        onCancel={onClose}
      >
        {members.length > 0 && (
          <Select
            label="Member"
            data={members}
            value={userId}
            onChange={setUserId}
            searchable
            placeholder="Yourself"
            error={failure.fields.user_id}
          />
        )}
        <TextInput
          type="datetime-local"
          label="Start"
          value={start}
          onChange={(event) => setStart(event.currentTarget.value)}
          error={failure.fields.started_at}
          required
        />
        <TextInput
          type="datetime-local"
          label="End"
          value={end}
          min={start || undefined}
          onChange={(event) => setEnd(event.currentTarget.value)}
          error={failure.fields.ended_at}
          required
        />
        <Textarea
          label="Notes"
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
          autosize
          minRows={2}
        />
      </ModalForm>
    </Modal>
  );
}
