import { Anchor } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { pathAfterSignIn } from '../../app/organisation-choice';
import { SIGN_IN_PATH } from '../../app/paths';
import { AuthLayout } from '../../ui/app-shell/AuthLayout';
import { EmailPasswordForm } from '../../ui/forms/EmailPasswordForm';
import { useLegacySignIn } from './auth-api';

/**
 * /legacy-login: the previous sign-in (POST /auth/legacy). Its token connects the session; in an
 * organisation with the clerk_migration beta feature the session is then moved to the new sign-in.
 */
export function LegacySignInPage() {
  const navigate = useNavigate();
  const signIn = useLegacySignIn();

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
      <EmailPasswordForm
        submitLabel="Sign in"
        pending={signIn.isPending}
        rememberMe
        onSubmit={(values, onError) =>
          signIn.mutate(values, {
            onSuccess: () => void navigate(pathAfterSignIn(), { replace: true }),
            onError,
          })
        }
      />
    </AuthLayout>
  );
}
