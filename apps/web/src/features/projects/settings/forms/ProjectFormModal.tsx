import { FORM_LOCATION_SECTIONS } from '@fieldwork/contract';
import type { LocationStatusAutomation, ProjectForm } from '@fieldwork/contract';
import { Fieldset, Select, Stack, Switch, Text } from '@mantine/core';
import type { FormEvent } from 'react';
import { FormActions } from '../../../../ui/forms/FormActions';
import { FormErrorAlert } from '../../../../ui/forms/FormErrorAlert';
import { RecordFormModal, notifySaved } from '../../../../ui/forms/RecordFormModal';
import type { EditTarget } from '../../../../ui/forms/RecordFormModal';
import type { SettingsOwner } from '../owner';
import { useConfigList, useSaveConfigItem } from '../use-config-list';
import { useValuesForm } from '../use-values-form';
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
  const form = useValuesForm({
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
    form.set('location_status_automation', {
      ...values.location_status_automation,
      [key]: statusId,
    });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.resetErrors();
    save.mutate(
      { id: projectForm.id, input: values },
      { onSuccess: notifySaved(false, onDone), onError: form.capture },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text fw={500}>{projectForm.name}</Text>
        <FormErrorAlert message={form.formError} />
        <Select
          label="Location section"
          description="Which location attributes the form asks for."
          data={FORM_LOCATION_SECTIONS.map((value) => ({
            value,
            label: LOCATION_SECTION_LABEL[value],
          }))}
          value={values.location_section}
          onChange={(value) => value && form.set('location_section', value)}
          allowDeselect={false}
          error={form.errorOf('location_section')}
          comboboxProps={{ withinPortal: true }}
        />
        <Switch
          label="Confirm the location status on submit"
          description="The operative confirms or changes the location's status when submitting."
          checked={values.confirm_location_status_on_submit}
          onChange={(event) =>
            form.set('confirm_location_status_on_submit', event.currentTarget.checked)
          }
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
        <FormActions submitLabel="Save" pending={save.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}
