import type { LocationStatus } from '@fieldwork/contract';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { notifySuccess } from '../../../../ui/feedback/notify';
import { FormErrorAlert } from '../../../../ui/forms/FormErrorAlert';
import { serverErrorsFor } from '../../../../ui/forms/server-errors';
import { ownerNoun } from '../owner';
import type { SettingsOwner } from '../owner';
import { useDeleteConfigItem } from '../use-config-list';

/**
 * Deleting a status moves its locations to another status of the same project, so the dialog
 * asks which; the last status cannot go, since every location needs one.
 */
export function DeleteLocationStatusModal({
  owner,
  status,
  statuses,
  onClose,
}: {
  owner: SettingsOwner;
  status: LocationStatus | null;
  statuses: readonly LocationStatus[];
  onClose: () => void;
}) {
  return (
    <Modal opened={status !== null} onClose={onClose} title={`Delete ${status?.name ?? 'status'}`}>
      {status && (
        <DeleteStatusForm
          key={status.id}
          owner={owner}
          status={status}
          others={statuses.filter((other) => other.id !== status.id)}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function DeleteStatusForm({
  owner,
  status,
  others,
  onDone,
}: {
  owner: SettingsOwner;
  status: LocationStatus;
  others: LocationStatus[];
  onDone: () => void;
}) {
  const remove = useDeleteConfigItem(owner, 'location_statuses');
  const [replacement, setReplacement] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  if (others.length === 0) {
    return (
      <Stack>
        <Alert color="gray" icon={<IconInfoCircle size={18} />} title="The last status stays">
          Every location of a {ownerNoun(owner)} has a status, so a {ownerNoun(owner)} always keeps
          at least one. Add another status first; then this one can be deleted and its locations
          moved there.
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!replacement) {
      setFieldError('Choose the status its locations move to');
      return;
    }
    setFormError(null);
    remove.mutate(
      { id: status.id, query: { replacementLocationStatusId: replacement } },
      {
        onSuccess: () => {
          notifySuccess(`${status.name} deleted`);
          onDone();
        },
        onError: (error) => {
          const errors = serverErrorsFor(error, ['replacementLocationStatusId']);
          setFieldError(errors.fieldErrors.replacementLocationStatusId);
          setFormError(errors.formError);
        },
      },
    );
  }

  const count = status.location_count;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorAlert message={formError} />
        <Text size="sm">
          {count === 0
            ? `No location has this status now; any that gain it meanwhile move to the status you choose.`
            : `${count} location${count === 1 ? ' has' : 's have'} this status. ${count === 1 ? 'It moves' : 'They move'} to the status you choose.`}
        </Text>
        <Select
          label="Move its locations to"
          placeholder="Choose a status"
          data={others.map((other) => ({ value: other.id, label: other.name }))}
          value={replacement}
          onChange={(value) => {
            setReplacement(value);
            setFieldError(undefined);
          }}
          error={fieldError}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={remove.isPending}>
            Delete status
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
