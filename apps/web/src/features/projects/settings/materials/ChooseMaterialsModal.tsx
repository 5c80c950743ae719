import { projectMaterialsSetSchema } from '@fieldwork/contract';
import type { ProjectMaterial } from '@fieldwork/contract';
import { MultiSelect, Text } from '@mantine/core';
import { errorMessage } from '../../../../api/errors';
import { notifySuccess } from '../../../../ui/feedback/notify';
import { FormDialog } from '../../../../ui/forms/FormDialog';
import { ModalForm } from '../../../../ui/forms/ModalForm';
import { useZodForm } from '../../../../ui/forms/use-zod-form';
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
    <FormDialog opened={opened} onClose={onClose} title="Choose materials">
      <ChooseMaterialsForm owner={owner} current={current} onDone={onClose} />
    </FormDialog>
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
  const form = useZodForm(projectMaterialsSetSchema, {
    materialIds: current.map((material) => material.material_id),
  });
  const options = [
    ...(materials.data ?? []),
    ...current
      .filter(
        (material) => !materials.data?.some((option) => option.value === material.material_id),
      )
      .map((material) => ({ value: material.material_id, label: material.material_name })),
  ];

  const send = ({ materialIds = [] }: { materialIds?: string[] }) =>
    save.mutate(materialIds, {
      onSuccess: () => {
        notifySuccess('Materials saved');
        onDone();
      },
      onError: form.capture,
    });

  return (
    <ModalForm
      onSubmit={form.submit(send)}
      formError={form.formError}
      submitLabel="Save materials"
      pending={save.isPending}
      onCancel={onDone}
    >
      <Text size="sm" c="dimmed">
        The project uses exactly the materials chosen here; ones left out are removed.
      </Text>
      <MultiSelect
        label="Materials"
        placeholder={materials.isPending ? 'Loading materials…' : 'Choose materials'}
        data={options}
        value={form.values.materialIds}
        onChange={(ids) => form.setValue('materialIds', ids)}
        searchable
        clearable
        hidePickedOptions
        maxDropdownHeight={260}
        nothingFoundMessage={options.length === 0 ? 'No materials in the library yet' : 'No match'}
        error={
          form.errorOf('materialIds') ??
          (materials.isError ? errorMessage(materials.error) : undefined)
        }
        comboboxProps={{ withinPortal: true }}
      />
    </ModalForm>
  );
}
