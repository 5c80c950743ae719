import type { Organisation } from '@fieldwork/contract';
import { Button, Group, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { notifySuccess } from '../../ui/feedback/notify';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { useForm } from '../../ui/forms/use-form';
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
  const [referenceEnabled, setReferenceEnabled] = useState(saved.project_reference_field_enabled);
  const form = useForm({
    location_reference_field_name: saved.location_reference_field_name ?? '',
  });
  const update = useUpdateSettings();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.resetErrors();
    update.mutate(
      {
        project_reference_field_enabled: referenceEnabled,
        location_reference_field_name: form.values.location_reference_field_name.trim() || null,
      },
      { onSuccess: () => notifySuccess('Settings saved'), onError: form.capture },
    );
  }

  return (
    <SettingsSection
      title="Projects and locations"
      description="Extra fields your projects and locations carry."
    >
      <form onSubmit={submit} noValidate aria-label="Projects and locations">
        <Stack>
          <FormErrorAlert message={form.formError} />
          <Switch
            label="Project reference field"
            description="Projects get a reference of your own, e.g. a purchase order number."
            checked={referenceEnabled}
            disabled={!canEdit}
            onChange={(event) => setReferenceEnabled(event.currentTarget.checked)}
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
