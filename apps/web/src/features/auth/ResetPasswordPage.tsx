import { resetPasswordBodySchema } from '@fieldwork/contract';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconClockX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError, ValidationFailureError } from '../../api/errors';
import { FORGOT_PASSWORD_PATH, SIGN_IN_PATH } from '../../app/paths';
import { endSession } from '../../app/session/session-lifecycle';
import { AuthLayout } from '../../ui/app-shell/AuthLayout';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { PageLoader } from '../../ui/feedback/PageLoader';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import {
  confirmationMatches,
  passwordConfirmationField,
} from '../../ui/forms/password-confirmation';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { NewPasswordFields } from '../../ui/forms/NewPasswordFields';
import { fetchPasswordResetLink, resetPassword } from './auth-api';
import type { SignInNotice } from './SignInPage';

export const PASSWORD_CHANGED_NOTICE =
  'Your password has been changed. Sign in with your new password.';

const resetPasswordSchema = resetPasswordBodySchema
  .extend(passwordConfirmationField)
  .refine(...confirmationMatches);

/** A 404, or a 422 on `token`: the link is unknown, used or expired. */
function isDeadLink(error: unknown): boolean {
  if (error instanceof ValidationFailureError) {
    return error.errors.some((item) => item.field === 'token');
  }
  return error instanceof ApiError && error.status === 404;
}

/**
 * /reset-password/{token}: shows whose password the link resets, takes the new one, and sends
 * the user to sign in with it. Every session of the user ends on the server, so this browser's
 * stored session ends too.
 */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const link = useQuery({
    queryKey: ['password-reset', token],
    queryFn: () => fetchPasswordResetLink(token),
    retry: false,
  });
  const form = useZodForm(
    resetPasswordSchema,
    { password: '', password_confirmation: '' },
    (values) => ({ ...values, token }),
  );
  const reset = useMutation({
    mutationFn: (password: string) => resetPassword(token, password),
  });

  const send = ({ password }: { password: string }) =>
    reset.mutate(password, {
      onSuccess: () => {
        endSession();
        queryClient.clear();
        const state: SignInNotice = { notice: PASSWORD_CHANGED_NOTICE, email: link.data?.email };
        void navigate(SIGN_IN_PATH, { replace: true, state });
      },
      onError: form.capture,
    });

  if (link.isPending) return <PageLoader label="Checking your link" />;
  if ((link.isError && isDeadLink(link.error)) || (reset.isError && isDeadLink(reset.error))) {
    return <DeadLink />;
  }
  if (link.isError) {
    return (
      <AuthLayout title="Choose a new password">
        <QueryErrorState title="The link could not be checked" query={link} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="After this, sign in again on every device."
      footer={
        <Anchor component={Link} to={SIGN_IN_PATH}>
          Back to sign in
        </Anchor>
      }
    >
      <form onSubmit={form.submit(send)} noValidate>
        <Stack>
          <FormErrorAlert message={form.formError} />
          <TextInput label="Email" value={link.data.email} readOnly variant="filled" />
          <NewPasswordFields form={form} description="At least 8 characters" autoFocus />
          <Button type="submit" loading={reset.isPending} fullWidth>
            Set new password
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}

function DeadLink() {
  return (
    <AuthLayout title="This link no longer works">
      <Stack>
        <Alert color="orange" icon={<IconClockX size={18} />} role="alert">
          The password reset link has expired or has already been used.
        </Alert>
        <Text size="sm" c="dimmed">
          Reset links work once and expire after one hour. Ask for a new one to choose your
          password.
        </Text>
        <Button component={Link} to={FORGOT_PASSWORD_PATH} fullWidth>
          Send a new link
        </Button>
        <Anchor component={Link} to={SIGN_IN_PATH} ta="center" size="sm">
          Back to sign in
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}
