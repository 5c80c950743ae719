import { registerUserBodySchema } from '@fieldwork/contract';
import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ORGANISATIONS_PATH, SIGN_IN_PATH } from '../../app/paths';
import { takeRedirectAfterSignIn } from '../../session/persisted-session';
import { AuthLayout } from '../../ui/app-shell/AuthLayout';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { PasswordStrengthMeter } from '../../ui/forms/PasswordStrengthMeter';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { useSignUp } from './auth-api';
import type { SignUpInput } from './auth-api';
import { EmailInput } from '../../ui/forms/EmailInput';

export function SignUpPage() {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [searchParams] = useSearchParams();
  // An invite link sends new users here with their e-mail, and the invite to return to.
  const form = useZodForm(registerUserBodySchema, {
    name: '',
    email: searchParams.get('email') ?? '',
    password: '',
  });

  const send = (input: SignUpInput) =>
    signUp.mutate(input, {
      onSuccess: () =>
        void navigate(takeRedirectAfterSignIn() ?? ORGANISATIONS_PATH, { replace: true }),
      onError: form.capture,
    });

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
      <form onSubmit={form.submit(send)} noValidate>
        <Stack>
          <FormErrorAlert message={form.formError} />
          <TextInput label="Name" autoComplete="name" required {...form.bind('name')} />
          <EmailInput {...form.bind('email')} />
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
