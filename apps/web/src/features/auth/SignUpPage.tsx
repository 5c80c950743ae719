import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ORGANISATIONS_PATH, SIGN_IN_PATH } from '../../routes/paths';
import { AuthLayout } from '../../ui/app-shell/AuthLayout';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { useForm } from '../../ui/forms/use-form';
import { useSignUp } from './auth-api';

export function SignUpPage() {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const form = useForm({ name: '', email: '', password: '' });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.resetErrors();
    signUp.mutate(form.values, {
      onSuccess: () => void navigate(ORGANISATIONS_PATH, { replace: true }),
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
          <Button type="submit" loading={signUp.isPending} fullWidth>
            Create account
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
