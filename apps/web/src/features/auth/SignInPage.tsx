import { Anchor, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { pathAfterSignIn } from '../../routes/organisation-choice';
import { SIGN_UP_PATH } from '../../routes/paths';
import { AuthLayout } from '../../ui/app-shell/AuthLayout';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { useForm } from '../../ui/forms/use-form';
import { useSignIn } from './auth-api';

export function SignInPage() {
  const navigate = useNavigate();
  const signIn = useSignIn();
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
      title="Sign in"
      subtitle="Welcome back. Sign in to continue to your organisation."
      footer={
        <>
          New here?{' '}
          <Anchor component={Link} to={SIGN_UP_PATH}>
            Create an account
          </Anchor>
        </>
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
