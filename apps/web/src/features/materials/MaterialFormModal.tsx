import type { Material } from '@fieldwork/contract';
import { MATERIAL_INPUT_TYPE_KEYS, materialCreateSchema } from '@fieldwork/contract';
import { Checkbox, MultiSelect, Select, Stack } from '@mantine/core';
import { NameInput } from '../../ui/forms/NameInput';
import { RecordForm } from '../../ui/forms/RecordForm';
import { recordFormModal, type RecordFormProps } from '../../ui/forms/RecordFormModal';
import { useZodForm } from '../../ui/forms/use-zod-form';
import {
  inputTypeName,
  useMaterialGroups,
  useMaterialTags,
  useSaveMaterial,
} from './materials-api';

const TYPE_OPTIONS = MATERIAL_INPUT_TYPE_KEYS.map((key) => ({
  value: key,
  label: inputTypeName(key),
}));

function MaterialForm({ record: material, onDone }: RecordFormProps<Material>) {
  const save = useSaveMaterial();
  const groups = useMaterialGroups();
  const tags = useMaterialTags();
  const form = useZodForm(
    materialCreateSchema,
    {
      name: material?.name ?? '',
      input_type_key: material?.input_type_key ?? 'QUANTITY',
      material_group_id: material?.material_group_id ?? null,
      material_tag_ids: material?.material_tag_ids ?? [],
      add_to_all_projects: false,
      add_to_all_project_templates: false,
    },
    ({ add_to_all_projects, add_to_all_project_templates, ...values }) => ({
      ...values,
      ...(!material && { add_to_all_projects, add_to_all_project_templates }),
    }),
  );
  const options = (items: Array<{ id: string; name: string; archived_at: string | null }> = []) =>
    items
      .filter((item) => !item.archived_at || form.values.material_tag_ids.includes(item.id))
      .map((item) => ({ value: item.id, label: item.name }));

  return (
    <RecordForm
      form={form}
      record={material}
      save={save}
      createLabel="Create material"
      onDone={onDone}
    >
      <Stack gap="sm">
        <NameInput placeholder="e.g. Pipe collar 110 mm" {...form.bind('name')} />
        <Select
          label="Input type"
          description={
            material?.in_use
              ? 'Recorded on job sheets: the input type stays.'
              : 'How it is measured on a job sheet'
          }
          data={TYPE_OPTIONS}
          allowDeselect={false}
          disabled={material?.in_use}
          comboboxProps={{ withinPortal: true }}
          {...form.bind('input_type_key')}
        />
        <Select
          label="Group"
          placeholder="No group"
          data={options(groups.data)}
          searchable
          clearable
          comboboxProps={{ withinPortal: true }}
          {...form.bind('material_group_id')}
        />
        <MultiSelect
          label="Tags"
          placeholder="No tags"
          data={options(tags.data)}
          searchable
          comboboxProps={{ withinPortal: true }}
          {...form.bind('material_tag_ids')}
        />
        {!material && (
          <>
            <Checkbox
              label="Add to every project"
              {...form.bind('add_to_all_projects', { type: 'checkbox' })}
            />
            <Checkbox
              label="Add to every project template"
              {...form.bind('add_to_all_project_templates', { type: 'checkbox' })}
            />
          </>
        )}
      </Stack>
    </RecordForm>
  );
}

export const MaterialFormModal = recordFormModal('material', MaterialForm);
