import { updatePasswordBodySchema } from '@fieldwork/contract';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notifySuccess } from '../../../ui/feedback/notify';
import { FormErrorAlert } from '../../../ui/forms/FormErrorAlert';
import { NewPasswordFields } from '../../../ui/forms/NewPasswordFields';
import {
  confirmationMatches,
  passwordConfirmationField,
} from '../../../ui/forms/password-confirmation';
import { useZodForm } from '../../../ui/forms/use-zod-form';
import { PageHeader } from '../../../ui/PageHeader';
import { useUpdatePassword } from '../profile/profile-api';
import type { PasswordChange } from '../profile/profile-api';
import { SettingsSection } from '../../../ui/SettingsSection';

const MIN_LENGTH = 8;

const passwordSchema = updatePasswordBodySchema
  .extend(passwordConfirmationField)
  .refine(...confirmationMatches);

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
  onSubmit: (input: PasswordChange, onError: (error: unknown) => void) => void;
}) {
  const form = useZodForm(passwordSchema, {
    current_password: '',
    password: '',
    password_confirmation: '',
  });
  const tooShort = form.values.password.length > 0 && form.values.password.length < MIN_LENGTH;

  const send = ({ current_password, password }: PasswordChange) =>
    onSubmit({ current_password, password }, form.capture);

  return (
    <form onSubmit={form.submit(send)} noValidate>
      <Stack maw={420}>
        <FormErrorAlert message={form.formError} />
        <PasswordInput
          label="Current password"
          required
          autoComplete="current-password"
          {...form.bind('current_password')}
        />
        <NewPasswordFields form={form} description={`At least ${MIN_LENGTH} characters.`} />
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
