import { FORM_LOCATION_SECTIONS, projectFormUpdateSchema } from '@fieldwork/contract';
import type { LocationStatusAutomation, ProjectForm } from '@fieldwork/contract';
import { Fieldset, Select, Stack, Switch, Text } from '@mantine/core';
import { RecordForm } from '../../../../ui/forms/RecordForm';
import { RecordFormModal } from '../../../../ui/forms/RecordFormModal';
import type { EditTarget } from '../../../../ui/forms/RecordFormModal';
import type { SettingsOwner } from '../owner';
import { useConfigList, useSaveConfigItem } from '../use-config-list';
import { useZodForm } from '../../../../ui/forms/use-zod-form';
import { AUTOMATION_EVENTS, LOCATION_SECTION_LABEL } from './form-automation';

/** How a form behaves on this project: location section and status automation. */
export function ProjectFormModal({
  owner,
  target,
  onClose,
}: {
  owner: SettingsOwner;
  target: EditTarget<ProjectForm>;
  onClose: () => void;
}) {
  return (
    <RecordFormModal target={target} onClose={onClose} noun="form">
      {(form) => form && <ProjectFormForm owner={owner} form={form} onDone={onClose} />}
    </RecordFormModal>
  );
}

function ProjectFormForm({
  owner,
  form: projectForm,
  onDone,
}: {
  owner: SettingsOwner;
  form: ProjectForm;
  onDone: () => void;
}) {
  const save = useSaveConfigItem(owner, 'forms');
  const statuses = useConfigList(owner, 'location_statuses');
  const form = useZodForm(projectFormUpdateSchema, {
    confirm_location_status_on_submit: projectForm.confirm_location_status_on_submit,
    location_section: projectForm.location_section,
    location_status_automation: projectForm.location_status_automation,
  });
  const { values } = form;
  const statusOptions = (statuses.data ?? []).map((status) => ({
    value: status.id,
    label: status.name,
  }));
  const setAutomation = (key: keyof LocationStatusAutomation, statusId: string | null) =>
    form.setValue('location_status_automation', {
      ...values.location_status_automation,
      [key]: statusId,
    });

  return (
    <RecordForm form={form} record={projectForm} save={save} createLabel="Save" onDone={onDone}>
      <Text fw={500}>{projectForm.name}</Text>
      <Select
        label="Location section"
        description="Which location attributes the form asks for."
        data={FORM_LOCATION_SECTIONS.map((value) => ({
          value,
          label: LOCATION_SECTION_LABEL[value],
        }))}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        {...form.bind('location_section')}
      />
      <Switch
        label="Confirm the location status on submit"
        description="The operative confirms or changes the location's status when submitting."
        {...form.bind('confirm_location_status_on_submit', { type: 'checkbox' })}
      />
      <Fieldset legend="Location status automation" variant="filled">
        <Stack gap="xs">
          {AUTOMATION_EVENTS.map(({ key, label }) => (
            <Select
              key={key}
              label={label}
              placeholder="Leave the status as it is"
              data={statusOptions}
              value={values.location_status_automation[key]}
              onChange={(statusId) => setAutomation(key, statusId)}
              clearable
              error={form.errorOf('location_status_automation')}
              comboboxProps={{ withinPortal: true }}
            />
          ))}
        </Stack>
      </Fieldset>
    </RecordForm>
  );
}
