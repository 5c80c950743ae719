import { ATTRIBUTE_TYPES, PDF_REPORT_VISIBILITIES } from '@fieldwork/contract';
import { NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { FormActions } from '../../../../ui/forms/FormActions';
import { FormErrorAlert } from '../../../../ui/forms/FormErrorAlert';
import { RecordFormModal, notifySaved } from '../../../../ui/forms/RecordFormModal';
import type { EditTarget } from '../../../../ui/forms/RecordFormModal';
import type { AnyAttribute, AttributeList } from '../config-lists';
import type { SettingsOwner } from '../owner';
import { useSaveConfigItem } from '../use-config-list';
import { useValuesForm } from '../use-values-form';
import { ATTRIBUTE_LIST_COPY, ATTRIBUTE_TYPE_LABEL, hasOptions } from './attribute-kinds';
import { attributeBodyOf, attributeValuesOf } from './attribute-values';
import type { AttributeValues, PdfVisibility } from './attribute-values';
import { invalidOptionKeys } from './options';
import { OptionsEditor } from './OptionsEditor';

const VISIBILITY_LABEL: Record<PdfVisibility, string> = {
  NEVER: 'Never',
  ALWAYS: 'Always',
  WHEN_SET: 'When it has a value',
};

export function AttributeFormModal({
  owner,
  list,
  target,
  onClose,
}: {
  owner: SettingsOwner;
  list: AttributeList;
  target: EditTarget<AnyAttribute>;
  onClose: () => void;
}) {
  return (
    <RecordFormModal target={target} onClose={onClose} noun={ATTRIBUTE_LIST_COPY[list].noun}>
      {(attribute) => (
        <AttributeForm owner={owner} list={list} attribute={attribute} onDone={onClose} />
      )}
    </RecordFormModal>
  );
}

function AttributeForm({
  owner,
  list,
  attribute,
  onDone,
}: {
  owner: SettingsOwner;
  list: AttributeList;
  attribute: AnyAttribute | undefined;
  onDone: () => void;
}) {
  const save = useSaveConfigItem(owner, list);
  const form = useValuesForm<AttributeValues>(attributeValuesOf(attribute));
  const { values } = form;
  const { type } = values;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.resetErrors();
    if (hasOptions(type) && invalidOptionKeys(values.options).size > 0) return;
    save.mutate(
      { id: attribute?.id, input: attributeBodyOf(list, values) },
      { onSuccess: notifySaved(!attribute, onDone), onError: form.capture },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorAlert message={form.formError} />
        <TextInput
          label="Name"
          required
          data-autofocus
          value={values.name}
          onChange={(event) => form.set('name', event.currentTarget.value)}
          error={form.errorOf('name')}
        />
        <Select
          label="Type"
          data={ATTRIBUTE_TYPES.map((value) => ({ value, label: ATTRIBUTE_TYPE_LABEL[value] }))}
          value={type}
          onChange={(value) => value && form.set('type', value)}
          allowDeselect={false}
          error={form.errorOf('type')}
          comboboxProps={{ withinPortal: true }}
        />
        {type === 'TEXT' && (
          <Switch
            label="Large text"
            description="A multi-line box for longer notes."
            checked={values.large_text}
            onChange={(event) => form.set('large_text', event.currentTarget.checked)}
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
            value={values.precision}
            onChange={(value) => form.set('precision', typeof value === 'number' ? value : '')}
            error={form.errorOf('precision')}
          />
        )}
        {type === 'DATE' && list === 'job_attributes' && (
          <>
            <Switch
              label="Capture the time too"
              checked={values.capture_time}
              onChange={(event) => form.set('capture_time', event.currentTarget.checked)}
            />
            <Switch
              label="Default to now"
              description="New jobs start with the current date filled in."
              checked={values.default_to_now}
              onChange={(event) => form.set('default_to_now', event.currentTarget.checked)}
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
            value={values.pdf_report_overview_visibility}
            onChange={(value) => value && form.set('pdf_report_overview_visibility', value)}
            allowDeselect={false}
            error={form.errorOf('pdf_report_overview_visibility')}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {hasOptions(type) && (
          <OptionsEditor
            options={values.options}
            onChange={(options) => form.set('options', options)}
            error={form.errorOf('options')}
          />
        )}
        <FormActions
          submitLabel={attribute ? 'Save' : 'Add attribute'}
          pending={save.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
