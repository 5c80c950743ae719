import { projectMaterialsSetSchema } from '@fieldwork/contract';
import type { ProjectMaterial } from '@fieldwork/contract';
import { ChooseModal } from '../../../../ui/forms/ChooseModal';
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
  const materials = usePickerOptions('materials', { enabled: opened });
  const save = useConfigMutation(owner, (materialIds: string[]) =>
    setMaterials(owner, { materialIds }),
  );
  // Materials in use stay choosable even when the library no longer offers them.
  const options = [
    ...(materials.data ?? []),
    ...current
      .filter(
        (material) => !materials.data?.some((option) => option.value === material.material_id),
      )
      .map((material) => ({ value: material.material_id, label: material.material_name })),
  ];
  return (
    <ChooseModal
      opened={opened}
      onClose={onClose}
      title="Choose materials"
      field="materialIds"
      schema={projectMaterialsSetSchema}
      initial={current.map((material) => material.material_id)}
      label="Materials"
      options={{ data: options, pending: materials.isPending, error: materials.error }}
      nothingFound={options.length === 0 ? 'No materials in the library yet' : 'No match'}
      intro="The project uses exactly the materials chosen here; ones left out are removed."
      submitLabel="Save materials"
      save={save}
      saved={() => 'Materials saved'}
    />
  );
}
