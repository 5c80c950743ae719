import { settingsBodySchema } from '@fieldwork/contract';
import type { Organisation, SettingsBody } from '@fieldwork/contract';
import { Button, Group, Stack, Switch, TextInput } from '@mantine/core';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { SettingsSection } from '../../ui/SettingsSection';
import { useUpdateSettings } from './account-api';
import { optionsOf } from './organisation-options';
import { noticeAfter } from '../../ui/forms/close-after';

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

  const send = (body: SettingsBody) => update.mutate(body, noticeAfter('Settings saved', form));

  return (
    <SettingsSection
      title="Projects and locations"
      description="Extra fields your projects and locations carry."
    >
      <form onSubmit={form.submit(send)} noValidate aria-label="Projects and locations">
        <Stack>
          <FormErrorAlert message={form.formError} />
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
          {canEdit && (
            <Group>
              <Button type="submit" loading={update.isPending}>
                Save settings
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </SettingsSection>
  );
}
