import {
  ATTRIBUTE_TYPES,
  PDF_REPORT_VISIBILITIES,
  jobAttributeCreateSchema,
  locationAttributeCreateSchema,
  specificationAttributeCreateSchema,
} from '@fieldwork/contract';
import { NumberInput, Select, Switch } from '@mantine/core';
import { RecordForm } from '../../../../ui/forms/RecordForm';
import { recordFormModal } from '../../../../ui/forms/RecordFormModal';
import type { RecordFormProps } from '../../../../ui/forms/RecordFormModal';
import type { AnyAttribute, AttributeList } from '../config-lists';
import type { SettingsOwner } from '../owner';
import { useSaveConfigItem } from '../use-config-list';
import { useZodForm } from '../../../../ui/forms/use-zod-form';
import { ATTRIBUTE_LIST_COPY, ATTRIBUTE_TYPE_LABEL, hasOptions } from './attribute-kinds';
import { attributeBodyOf, attributeValuesOf } from './attribute-values';
import type { PdfVisibility } from './attribute-values';
import { invalidOptionKeys } from './options';
import { OptionsEditor } from './OptionsEditor';
import { NameInput } from '../../../../ui/forms/NameInput';

const VISIBILITY_LABEL: Record<PdfVisibility, string> = {
  NEVER: 'Never',
  ALWAYS: 'Always',
  WHEN_SET: 'When it has a value',
};

/** The contract's create body of each attribute list. */
const ATTRIBUTE_SCHEMA = {
  job_attributes: jobAttributeCreateSchema,
  location_attributes: locationAttributeCreateSchema,
  specification_attributes: specificationAttributeCreateSchema,
} as const;

function AttributeForm({
  owner,
  list,
  record: attribute,
  onDone,
}: RecordFormProps<AnyAttribute> & { owner: SettingsOwner; list: AttributeList }) {
  const save = useSaveConfigItem(owner, list);
  const form = useZodForm(ATTRIBUTE_SCHEMA[list], attributeValuesOf(attribute), (values) =>
    attributeBodyOf(list, values),
  );
  const { values } = form;
  const { type } = values;

  return (
    <RecordForm
      form={form}
      record={attribute}
      save={save}
      createLabel="Add attribute"
      onDone={onDone}
      blocked={hasOptions(type) && invalidOptionKeys(values.options).size > 0}
    >
      <NameInput {...form.bind('name')} />
      <Select
        label="Type"
        data={ATTRIBUTE_TYPES.map((value) => ({ value, label: ATTRIBUTE_TYPE_LABEL[value] }))}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        {...form.bind('type')}
      />
      {type === 'TEXT' && (
        <Switch
          label="Large text"
          description="A multi-line box for longer notes."
          {...form.bind('large_text', { type: 'checkbox' })}
        />
      )}
      {type === 'NUMBER' && (
        <NumberInput
          label="Decimal places"
          description="Leave empty to keep numbers as entered."
          min={0}
          max={10}
          allowDecimal={false}
          allowNegative={false}
          {...form.bind('precision')}
          onChange={(value) => form.setValue('precision', typeof value === 'number' ? value : '')}
        />
      )}
      {type === 'DATE' && list === 'job_attributes' && (
        <>
          <Switch
            label="Capture the time too"
            {...form.bind('capture_time', { type: 'checkbox' })}
          />
          <Switch
            label="Default to now"
            description="New jobs start with the current date filled in."
            {...form.bind('default_to_now', { type: 'checkbox' })}
          />
        </>
      )}
      {list === 'location_attributes' && (
        <Select
          label="Show on the PDF report overview"
          data={PDF_REPORT_VISIBILITIES.map((value) => ({
            value,
            label: VISIBILITY_LABEL[value],
          }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.bind('pdf_report_overview_visibility')}
        />
      )}
      {hasOptions(type) && (
        <OptionsEditor
          options={values.options}
          onChange={(options) => form.setValue('options', options)}
          error={form.errorOf('options')}
        />
      )}
    </RecordForm>
  );
}

export const AttributeFormModal = recordFormModal(
  ({ list }: { list: AttributeList }) => ATTRIBUTE_LIST_COPY[list].noun,
  AttributeForm,
);
