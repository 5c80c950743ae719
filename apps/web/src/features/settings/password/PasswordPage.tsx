import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { notifySuccess } from '../../../ui/feedback/notify';
import { FormErrorAlert } from '../../../ui/forms/FormErrorAlert';
import { PasswordStrengthMeter } from '../../../ui/forms/PasswordStrengthMeter';
import { useForm } from '../../../ui/forms/use-form';
import { PageHeader } from '../../../ui/PageHeader';
import { useUpdatePassword } from '../profile/profile-api';
import { SettingsSection } from '../SettingsSection';

const MIN_LENGTH = 8;

/** /settings/password: change the password with the current one; other devices are signed out. */
export function PasswordPage() {
  const update = useUpdatePassword();
  const [formKey, setFormKey] = useState(0);
  return (
    <Stack gap="lg">
      <PageHeader title="Password" description="Change the password you sign in with." />
      <SettingsSection
        title="Change password"
        description="Your other devices are signed out when the password changes; this one stays signed in."
      >
        <PasswordForm
          key={formKey}
          pending={update.isPending}
          onSubmit={(input, onError) =>
            update.mutate(input, {
              onSuccess: () => {
                notifySuccess('Password changed');
                setFormKey((key) => key + 1);
              },
              onError,
            })
          }
        />
      </SettingsSection>
    </Stack>
  );
}

function PasswordForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit: (
    input: { current_password: string; password: string },
    onError: (error: unknown) => void,
  ) => void;
}) {
  const form = useForm({ current_password: '', password: '', password_confirmation: '' });
  const [mismatch, setMismatch] = useState(false);
  const tooShort = form.values.password.length > 0 && form.values.password.length < MIN_LENGTH;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.resetErrors();
    if (form.values.password !== form.values.password_confirmation) {
      setMismatch(true);
      return;
    }
    onSubmit(
      { current_password: form.values.current_password, password: form.values.password },
      form.capture,
    );
  }

  const confirmation = form.bind('password_confirmation');
  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={420}>
        <FormErrorAlert message={form.formError} />
        <PasswordInput
          label="Current password"
          required
          autoComplete="current-password"
          {...form.bind('current_password')}
        />
        <PasswordInput
          label="New password"
          required
          autoComplete="new-password"
          description={`At least ${MIN_LENGTH} characters.`}
          {...form.bind('password')}
        />
        <PasswordStrengthMeter password={form.values.password} />
        <PasswordInput
          label="Confirm new password"
          required
          autoComplete="new-password"
          {...confirmation}
          error={confirmation.error ?? (mismatch ? 'The passwords do not match' : undefined)}
          onChange={(event) => {
            setMismatch(false);
            confirmation.onChange(event);
          }}
        />
        {tooShort && (
          <Text size="xs" c="dimmed">
            {MIN_LENGTH - form.values.password.length} more characters needed.
          </Text>
        )}
        <Group>
          <Button type="submit" loading={pending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
