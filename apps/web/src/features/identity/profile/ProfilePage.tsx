import { updateUserBodySchema } from '@fieldwork/contract';
import { Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { currentMembership } from '../../../session/session-helpers';
import { useSession } from '../../../session/use-session';
import { useCurrentOrganisation } from '../../../session/use-current-organisation';
import { notifyFailure, notifySuccess } from '../../../ui/feedback/notify';
import { FormErrorAlert } from '../../../ui/forms/FormErrorAlert';
import { useZodForm } from '../../../ui/forms/use-zod-form';
import { PageHeader } from '../../../ui/PageHeader';
import type { Preferences } from '../../../ui/people-types';
import { SettingsSection } from '../../../ui/SettingsSection';
import { useUpdatePreferences, useUpdateProfile } from './profile-api';
import type { ProfileInput } from './profile-api';
import { noticeAfter } from '../../../ui/forms/close-after';
import { EmailInput } from '../../../ui/forms/EmailInput';

/** /settings/profile: your name, e-mail and phone, and your preferences in this organisation. */
export function ProfilePage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Profile" description="How others see you, and how you work here." />
      <PersonalDetails />
      <OrganisationPreferences />
    </Stack>
  );
}

function PersonalDetails() {
  const { user } = useSession();
  const update = useUpdateProfile();
  const form = useZodForm(
    updateUserBodySchema,
    { name: user?.name ?? '', email: user?.email ?? '', phone: user?.phone ?? '' },
    (values) => ({ ...values, phone: values.phone.trim() || null }),
  );

  const send = (input: ProfileInput) => update.mutate(input, noticeAfter('Profile saved', form));

  return (
    <SettingsSection title="Personal details">
      <form onSubmit={form.submit(send)} noValidate>
        <Stack maw={480}>
          <FormErrorAlert message={form.formError} />
          <TextInput label="Name" required autoComplete="name" {...form.bind('name')} />
          <EmailInput {...form.bind('email')} />
          <TextInput label="Phone" type="tel" autoComplete="tel" {...form.bind('phone')} />
          <Group>
            <Button type="submit" loading={update.isPending}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}

/** The on/off preferences (notifications have their own page). */
type Toggle = Exclude<keyof Preferences, 'notifications'>;

const PREFERENCES: ReadonlyArray<{ key: Toggle; label: string; description: string }> = [
  {
    key: 'new_jobs_experience_enabled',
    label: 'New jobs experience',
    description: 'Use the new screens for jobs in this organisation.',
  },
  {
    key: 'auto_proceed_on_approval',
    label: 'Proceed after approval',
    description: 'After approving a job sheet, go straight to the next one waiting.',
  },
];

function OrganisationPreferences() {
  const organisation = useCurrentOrganisation();
  const membership = currentMembership(useSession());
  const update = useUpdatePreferences();

  const change = (key: Toggle, value: boolean) =>
    update.mutate(
      { organisation_id: organisation.id, [key]: value },
      {
        onSuccess: () => notifySuccess('Preference saved'),
        onError: (error) => notifyFailure('Could not save the preference', error),
      },
    );

  return (
    <SettingsSection
      title="Preferences"
      description={<>These apply to you in {organisation.name} only.</>}
    >
      <Stack gap="md">
        {PREFERENCES.map(({ key, label, description }) => (
          <Switch
            key={key}
            label={label}
            description={description}
            checked={
              update.isPending && update.variables[key] !== undefined
                ? Boolean(update.variables[key])
                : membership.preferences[key]
            }
            disabled={update.isPending}
            onChange={(event) => change(key, event.currentTarget.checked)}
          />
        ))}
        <Text size="xs" c="dimmed">
          Changes are saved as you switch them.
        </Text>
      </Stack>
    </SettingsSection>
  );
}
