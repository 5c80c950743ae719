import type { ProjectForm } from '@fieldwork/contract';
import { Button, Group, Modal, MultiSelect, Stack } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { errorMessage } from '../../../../api/errors';
import { notifySuccess } from '../../../../ui/feedback/notify';
import { FormErrorAlert } from '../../../../ui/forms/FormErrorAlert';
import type { SettingsOwner } from '../owner';
import { usePickerOptions } from '../picker-options';
import { configListApi } from '../settings-api';
import { useConfigMutation } from '../use-config-list';

/** Adds forms of the library to the project, each as its own copy (POST .../forms). */
export function AddFormsModal({
  owner,
  opened,
  current,
  onClose,
}: {
  owner: SettingsOwner;
  opened: boolean;
  current: readonly ProjectForm[];
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add forms">
      {opened && <AddFormsForm owner={owner} current={current} onDone={onClose} />}
    </Modal>
  );
}

function AddFormsForm({
  owner,
  current,
  onDone,
}: {
  owner: SettingsOwner;
  current: readonly ProjectForm[];
  onDone: () => void;
}) {
  const forms = usePickerOptions('forms');
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const add = useConfigMutation(owner, async (formIds: string[]) => {
    // One at a time, so the list keeps the order they were picked in.
    for (const formId of formIds) await configListApi(owner, 'forms').create({ form_id: formId });
  });
  const available = (forms.data ?? []).filter(
    (option) => !current.some((form) => form.form_id === option.value),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (chosen.length === 0) {
      setError('Choose at least one form');
      return;
    }
    add.mutate(chosen, {
      onSuccess: () => {
        notifySuccess(chosen.length === 1 ? 'Form added' : `${chosen.length} forms added`);
        onDone();
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorAlert message={add.isError ? error : null} />
        <MultiSelect
          label="Forms"
          placeholder={forms.isPending ? 'Loading forms…' : 'Choose forms'}
          data={available}
          value={chosen}
          onChange={(ids) => {
            setChosen(ids);
            setError(null);
          }}
          searchable
          clearable
          hidePickedOptions
          maxDropdownHeight={260}
          nothingFoundMessage={
            forms.data?.length === 0
              ? 'The library has no forms yet'
              : available.length === 0
                ? 'Every form of the library is already here'
                : 'No match'
          }
          error={
            (!add.isError ? error : undefined) ??
            (forms.isError ? errorMessage(forms.error) : undefined)
          }
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            Add forms
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
