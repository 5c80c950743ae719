import { settingsBodySchema } from '@fieldwork/contract';
import type { Organisation, SettingsBody } from '@fieldwork/contract';
import { Button, Group, Select, Stack, Switch, TextInput } from '@mantine/core';
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
    complete_job_without_sheets: saved.complete_job_without_sheets,
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
          <Select
            label="Completing a job without its job sheets"
            description="When a job's forms have no submitted job sheet."
            disabled={!canEdit}
            maw={420}
            allowDeselect={false}
            data={[
              { value: 'ALLOW_WITH_NOTE', label: 'Allow, and note it in the job’s history' },
              { value: 'REFUSE', label: 'Refuse until every form has a submitted sheet' },
            ]}
            {...form.bind('complete_job_without_sheets')}
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
