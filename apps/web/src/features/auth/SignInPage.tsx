import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Stack,
  TextInput,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { pathAfterSignIn } from '../../routes/organisation-choice';
import { FORGOT_PASSWORD_PATH, SIGN_UP_PATH } from '../../routes/paths';
import { AuthLayout } from '../../ui/app-shell/AuthLayout';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { useForm } from '../../ui/forms/use-form';
import { useSignIn } from './auth-api';

/** What a page that sends the visitor to sign-in may pass along (router state). */
export interface SignInNotice {
  notice?: string;
  email?: string;
}

export function SignInPage() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [searchParams] = useSearchParams();
  const { notice, email } = (useLocation().state ?? {}) as SignInNotice;
  const form = useForm({ email: email ?? searchParams.get('email') ?? '', password: '' });
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
          {notice && (
            <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
              {notice}
            </Alert>
          )}
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
          <Group justify="space-between" gap="xs">
            <Checkbox
              label="Remember me"
              checked={rememberMe}
              onChange={(event) => setRememberMe(event.currentTarget.checked)}
            />
            <Anchor component={Link} to={FORGOT_PASSWORD_PATH} size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" loading={signIn.isPending} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
