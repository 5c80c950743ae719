import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ORGANISATIONS_PATH, SIGN_IN_PATH } from '../../routes/paths';
import { takeRedirectAfterSignIn } from '../../session/persisted-session';
import { AuthLayout } from '../../ui/app-shell/AuthLayout';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { PasswordStrengthMeter } from '../../ui/forms/PasswordStrengthMeter';
import { useForm } from '../../ui/forms/use-form';
import { useSignUp } from './auth-api';

export function SignUpPage() {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [searchParams] = useSearchParams();
  // An invite link sends new users here with their e-mail, and the invite to return to.
  const form = useForm({ name: '', email: searchParams.get('email') ?? '', password: '' });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.resetErrors();
    signUp.mutate(form.values, {
      onSuccess: () =>
        void navigate(takeRedirectAfterSignIn() ?? ORGANISATIONS_PATH, { replace: true }),
      onError: form.capture,
    });
  }

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start organising your field work in minutes."
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to={SIGN_IN_PATH}>
            Sign in
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormErrorAlert message={form.formError} />
          <TextInput label="Name" autoComplete="name" required {...form.bind('name')} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.bind('email')}
          />
          <PasswordInput
            label="Password"
            description="At least 8 characters"
            autoComplete="new-password"
            required
            {...form.bind('password')}
          />
          <PasswordStrengthMeter
            password={form.values.password}
            userInputs={[form.values.name, form.values.email]}
          />
          <Button type="submit" loading={signUp.isPending} fullWidth>
            Create account
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
