import { jobSheetMaterialUpdateSchema, type JobSheetMaterial } from '@fieldwork/contract';
import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { MutationForm } from '../../ui/forms/MutationForm';
import { useZodForm } from '../../ui/forms/use-zod-form';
import {
  INPUT_TYPE_OPTIONS,
  MEASURE_LABELS,
  materialFormValues,
  materialInputOf,
  measuresOf,
} from './material-measures';
import { useProjectMaterials, useSheetMaterialChange } from './sheet-materials-api';

/**
 * Add or edit one material of a sheet: one of the project's materials (or a name typed in), its
 * input type, and the measures that type asks for.
 */
export function MaterialForm({
  sheetId,
  projectId,
  material,
  onDone,
}: {
  sheetId: string;
  projectId: string;
  material: JobSheetMaterial | undefined;
  onDone: () => void;
}) {
  const choices = useProjectMaterials(projectId, true);
  const save = useSheetMaterialChange(sheetId);
  const form = useZodForm(jobSheetMaterialUpdateSchema, materialFormValues(material), (values) =>
    materialInputOf(values),
  );
  const options = (choices.data ?? []).map((item) => ({
    value: item.material_id,
    label: item.material_name,
  }));
  const chosen = form.values.material_id !== '';
  /** A material is chosen or named: a rule across two fields the schema cannot see. */
  const chosenOrNamed = () => {
    const named = chosen || form.values.material_name.trim() !== '';
    if (!named) {
      form.mantine.setFieldError(
        'material_name',
        options.length ? 'Choose a material or name it.' : 'Name the material.',
      );
    }
    return named;
  };
  return (
    <MutationForm
      form={form}
      mutation={save}
      variables={() => ({
        kind: 'save' as const,
        id: material?.id,
        input: materialInputOf(form.mantine.getValues()),
      })}
      precheck={chosenOrNamed}
      notice={material ? 'Material saved' : 'Material added'}
      onDone={onDone}
      submitLabel={material ? 'Save' : 'Add material'}
    >
      {options.length > 0 && (
        <Select
          label="Material"
          placeholder="Other: type a name below"
          data={options}
          searchable
          clearable
          comboboxProps={{ withinPortal: true }}
          value={form.values.material_id || null}
          onChange={(value) => {
            form.setValue('material_id', value ?? '');
            // the material's own input type: the server takes it from the material
            const type = choices.data?.find((item) => item.material_id === value)?.input_type_key;
            if (type) form.setValue('material_input_type_key', type);
          }}
          error={form.errorOf('material_id')}
        />
      )}
      {!chosen && (
        <TextInput
          label={options.length > 0 ? 'Or name it' : 'Material'}
          required={options.length === 0}
          data-autofocus
          {...form.bind('material_name')}
        />
      )}
      <Select
        label="Measured as"
        data={INPUT_TYPE_OPTIONS}
        allowDeselect={false}
        disabled={chosen}
        description={chosen ? 'As the material is measured' : undefined}
        comboboxProps={{ withinPortal: true }}
        value={form.values.material_input_type_key}
        onChange={(value) => {
          const type = INPUT_TYPE_OPTIONS.find((option) => option.value === value);
          if (type) form.setValue('material_input_type_key', type.value);
        }}
        error={form.errorOf('material_input_type_key')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {measuresOf(form.values.material_input_type_key).map((measure) => {
          const { label, unit } = MEASURE_LABELS[measure];
          return (
            <NumberInput
              key={measure}
              label={unit ? `${label} (${unit})` : label}
              required
              // Never clamped to 0 on blur: a negative number stays and is refused with the reason.
              min={0}
              clampBehavior="none"
              decimalScale={3}
              inputMode="decimal"
              {...form.bind(measure)}
            />
          );
        })}
      </SimpleGrid>
    </MutationForm>
  );
}
