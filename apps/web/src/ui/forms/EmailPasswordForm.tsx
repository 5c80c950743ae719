import { signInBodySchema } from '@fieldwork/contract';
import { Button, Checkbox, Group, PasswordInput, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormErrorAlert } from './FormErrorAlert';
import { useZodForm } from './use-zod-form';
import { EmailInput } from './EmailInput';

export interface EmailPasswordValues {
  email: string;
  password: string;
  rememberMe: boolean;
}

interface EmailPasswordFormProps {
  /** Sends the values; a failure given to `onError` is shown on the form and its fields. */
  onSubmit: (values: EmailPasswordValues, onError: (error: unknown) => void) => void;
  pending: boolean;
  submitLabel: string;
  initialEmail?: string;
  /** Shows a "Remember me" checkbox (with `rememberMeAside` on the same row, if given). */
  rememberMe?: boolean;
  rememberMeAside?: ReactNode;
  /** Shown above the form's error (e.g. a notice). */
  children?: ReactNode;
}

/** The e-mail and password sign-in form the sign-in pages share (the contract's sign-in body). */
export function EmailPasswordForm({
  onSubmit,
  pending,
  submitLabel,
  initialEmail = '',
  rememberMe: withRememberMe = false,
  rememberMeAside,
  children,
}: EmailPasswordFormProps) {
  const form = useZodForm(signInBodySchema, {
    email: initialEmail,
    password: '',
    remember: false,
  });

  const send = ({
    email,
    password,
    remember,
  }: {
    email: string;
    password: string;
    remember?: boolean;
  }) => onSubmit({ email, password, rememberMe: remember ?? false }, form.capture);

  const checkbox = withRememberMe && (
    <Checkbox label="Remember me" {...form.bind('remember', { type: 'checkbox' })} />
  );

  return (
    <form onSubmit={form.submit(send)} noValidate>
      <Stack>
        {children}
        <FormErrorAlert message={form.formError} />
        <EmailInput {...form.bind('email')} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...form.bind('password')}
        />
        {rememberMeAside ? (
          <Group justify="space-between" gap="xs">
            {checkbox}
            {rememberMeAside}
          </Group>
        ) : (
          checkbox
        )}
        <Button type="submit" loading={pending} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
