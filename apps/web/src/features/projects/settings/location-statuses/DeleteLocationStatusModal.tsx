import { idSchema, locationStatusDeleteSchema } from '@fieldwork/contract';
import type { LocationStatus } from '@fieldwork/contract';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { z } from 'zod';
import { FormDialog } from '../../../../ui/forms/FormDialog';
import { MutationForm } from '../../../../ui/forms/MutationForm';
import { useZodForm } from '../../../../ui/forms/use-zod-form';
import { ownerNoun } from '../owner';
import type { SettingsOwner } from '../owner';
import { useDeleteConfigItem } from '../use-config-list';

/** The contract's delete query, with the picker's own message when no status is chosen. */
const deleteStatusSchema = locationStatusDeleteSchema.extend({
  replacementLocationStatusId: z
    .string()
    .min(1, 'Choose the status its locations move to')
    .pipe(idSchema),
});

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
    <FormDialog
      opened={status !== null}
      onClose={onClose}
      title={`Delete ${status?.name ?? 'status'}`}
    >
      {status && (
        <DeleteStatusForm
          key={status.id}
          owner={owner}
          status={status}
          others={statuses.filter((other) => other.id !== status.id)}
          onDone={onClose}
        />
      )}
    </FormDialog>
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
  const form = useZodForm(deleteStatusSchema, { replacementLocationStatusId: '' });

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

  return (
    <MutationForm
      form={form}
      mutation={remove}
      variables={(query) => ({ id: status.id, query })}
      notice={`${status.name} deleted`}
      onDone={onDone}
      submitLabel="Delete status"
      danger
    >
      <Text size="sm">Any location with this status moves to the status you choose.</Text>
      <Select
        label="Move its locations to"
        placeholder="Choose a status"
        data={others.map((other) => ({ value: other.id, label: other.name }))}
        value={form.values.replacementLocationStatusId || null}
        onChange={(value) => form.setValue('replacementLocationStatusId', value ?? '')}
        error={form.errorOf('replacementLocationStatusId')}
        comboboxProps={{ withinPortal: true }}
      />
    </MutationForm>
  );
}
