import { settingsBodySchema } from '@fieldwork/contract';
import type { Organisation } from '@fieldwork/contract';
import { Switch, TextInput } from '@mantine/core';
import { PageForm } from '../../ui/forms/PageForm';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { SettingsSection } from '../settings/SettingsSection';
import { useUpdateSettings } from './account-api';
import { optionsOf } from './organisation-options';

/** The organisation's settings (platform §3 options.settings), saved with PUT /options/settings. */
export function ProjectSettingsForm({
  organisation,
  canEdit,
}: {
  organisation: Organisation;
  canEdit: boolean;
}) {
  const saved = optionsOf(organisation).settings;
  const form = useZodForm(settingsBodySchema, {
    project_reference_field_enabled: saved.project_reference_field_enabled,
    location_reference_field_name: saved.location_reference_field_name ?? '',
  });
  const update = useUpdateSettings();

  return (
    <SettingsSection
      title="Projects and locations"
      description="Extra fields your projects and locations carry."
    >
      <PageForm
        form={form}
        mutation={update}
        notice="Settings saved"
        submitLabel="Save settings"
        editable={canEdit}
        label="Projects and locations"
      >
        <Switch
          label="Project reference field"
          description="Projects get a reference of your own, e.g. a purchase order number."
          disabled={!canEdit}
          {...form.bind('project_reference_field_enabled', { type: 'checkbox' })}
        />
        <TextInput
          label="Location reference name"
          description="What your locations' reference is called, e.g. Room or Asset tag. Empty: no reference."
          placeholder="Reference"
          disabled={!canEdit}
          maw={420}
          {...form.bind('location_reference_field_name')}
        />
      </PageForm>
    </SettingsSection>
  );
}
