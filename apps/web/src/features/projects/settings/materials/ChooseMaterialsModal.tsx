import type { ProjectMaterial } from '@fieldwork/contract';
import { Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { errorMessage } from '../../../../api/errors';
import { notifySuccess } from '../../../../ui/feedback/notify';
import { FormErrorAlert } from '../../../../ui/forms/FormErrorAlert';
import { serverErrorsFor } from '../../../../ui/forms/server-errors';
import type { SettingsOwner } from '../owner';
import { usePickerOptions } from '../picker-options';
import { setMaterials } from '../settings-api';
import { useConfigMutation } from '../use-config-list';

/** Picks exactly which of the organisation's materials the project uses (PUT materialIds). */
export function ChooseMaterialsModal({
  owner,
  opened,
  current,
  onClose,
}: {
  owner: SettingsOwner;
  opened: boolean;
  current: readonly ProjectMaterial[];
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Choose materials">
      {opened && <ChooseMaterialsForm owner={owner} current={current} onDone={onClose} />}
    </Modal>
  );
}

function ChooseMaterialsForm({
  owner,
  current,
  onDone,
}: {
  owner: SettingsOwner;
  current: readonly ProjectMaterial[];
  onDone: () => void;
}) {
  const materials = usePickerOptions('materials');
  const save = useConfigMutation(owner, (materialIds: string[]) =>
    setMaterials(owner, { materialIds }),
  );
  const [chosen, setChosen] = useState(() => current.map((material) => material.material_id));
  const [error, setError] = useState<{ field?: string; form: string | null }>({ form: null });
  const options = [
    ...(materials.data ?? []),
    ...current
      .filter(
        (material) => !materials.data?.some((option) => option.value === material.material_id),
      )
      .map((material) => ({ value: material.material_id, label: material.material_name })),
  ];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(chosen, {
      onSuccess: () => {
        notifySuccess('Materials saved');
        onDone();
      },
      onError: (failure) => {
        const errors = serverErrorsFor(failure, ['materialIds']);
        setError({ field: errors.fieldErrors.materialIds, form: errors.formError });
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorAlert message={error.form} />
        <Text size="sm" c="dimmed">
          The project uses exactly the materials chosen here; ones left out are removed.
        </Text>
        <MultiSelect
          label="Materials"
          placeholder={materials.isPending ? 'Loading materials…' : 'Choose materials'}
          data={options}
          value={chosen}
          onChange={setChosen}
          searchable
          clearable
          hidePickedOptions
          maxDropdownHeight={260}
          nothingFoundMessage={
            options.length === 0 ? 'No materials in the library yet' : 'No match'
          }
          error={error.field ?? (materials.isError ? errorMessage(materials.error) : undefined)}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save materials
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
