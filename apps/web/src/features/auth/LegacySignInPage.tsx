import { Anchor, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { pathAfterSignIn } from '../../routes/organisation-choice';
import { SIGN_IN_PATH } from '../../routes/paths';
import { AuthLayout } from '../../ui/app-shell/AuthLayout';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { useForm } from '../../ui/forms/use-form';
import { useLegacySignIn } from './auth-api';

/**
 * /legacy-login: the previous sign-in (POST /auth/legacy). Its token connects the session; in an
 * organisation with the clerk_migration beta feature the session is then moved to the new sign-in.
 */
export function LegacySignInPage() {
  const navigate = useNavigate();
  const signIn = useLegacySignIn();
  const form = useForm({ email: '', password: '' });
  const [rememberMe, setRememberMe] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.resetErrors();
    signIn.mutate(
      { ...form.values, rememberMe },
      {
        onSuccess: () => void navigate(pathAfterSignIn(), { replace: true }),
        onError: form.capture,
      },
    );
  }

  return (
    <AuthLayout
      title="Sign in (classic)"
      subtitle="The previous sign-in, for accounts that have not moved to the new one yet."
      footer={
        <Anchor component={Link} to={SIGN_IN_PATH}>
          Use the regular sign-in
        </Anchor>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormErrorAlert message={form.formError} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.bind('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.bind('password')}
          />
          <Checkbox
            label="Remember me"
            checked={rememberMe}
            onChange={(event) => setRememberMe(event.currentTarget.checked)}
          />
          <Button type="submit" loading={signIn.isPending} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
