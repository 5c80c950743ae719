import { Alert, Anchor } from '@mantine/core';
import { IconCircleCheck, IconClockExclamation } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { pathAfterSignIn } from '../../app/organisation-choice';
import { FORGOT_PASSWORD_PATH, SIGN_UP_PATH } from '../../app/paths';
import { hasSessionExpired, SESSION_EXPIRED_MESSAGE } from '../../session/expiry-notice';
import { AuthLayout } from '../../ui/app-shell/AuthLayout';
import { EmailPasswordForm } from '../../ui/forms/EmailPasswordForm';
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
      <EmailPasswordForm
        submitLabel="Sign in"
        pending={signIn.isPending}
        initialEmail={email ?? searchParams.get('email') ?? ''}
        rememberMe
        rememberMeAside={
          <Anchor component={Link} to={FORGOT_PASSWORD_PATH} size="sm">
            Forgot password?
          </Anchor>
        }
        onSubmit={(values, onError) =>
          signIn.mutate(values, {
            onSuccess: () => void navigate(pathAfterSignIn(), { replace: true }),
            onError,
          })
        }
      >
        {!notice && hasSessionExpired() && (
          <Alert color="yellow" icon={<IconClockExclamation size={18} />} role="alert">
            {SESSION_EXPIRED_MESSAGE}
          </Alert>
        )}
        {notice && (
          <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
            {notice}
          </Alert>
        )}
      </EmailPasswordForm>
    </AuthLayout>
  );
}
