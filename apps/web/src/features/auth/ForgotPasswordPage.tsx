import { requestResetLinkBodySchema } from '@fieldwork/contract';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { SIGN_IN_PATH } from '../../app/paths';
import { AuthLayout } from '../../ui/app-shell/AuthLayout';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { requestPasswordResetLink } from './auth-api';
import { EmailInput } from '../../ui/forms/EmailInput';

/**
 * /forgot-password: asks for a reset link. The answer is the same whether or not the e-mail has
 * an account, so the page never tells which e-mails are registered.
 */
export function ForgotPasswordPage() {
  const form = useZodForm(requestResetLinkBodySchema, { email: '' });
  const requestLink = useMutation({ mutationFn: requestPasswordResetLink });
  const send = ({ email }: { email: string }) =>
    requestLink.mutate(email, { onError: form.capture });

  const footer = (
    <>
      Remembered it?{' '}
      <Anchor component={Link} to={SIGN_IN_PATH}>
        Back to sign in
      </Anchor>
    </>
  );

  if (requestLink.isSuccess) {
    return (
      <AuthLayout title="Check your e-mail" footer={footer}>
        <Stack>
          <Alert color="blue" icon={<IconMailForward size={18} />} role="status">
            If an account exists for <strong>{requestLink.variables}</strong>, we have sent it a
            link to choose a new password. The link works once and expires after one hour.
          </Alert>
          <Text size="sm" c="dimmed">
            Nothing arrived? Check your spam folder, or{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => requestLink.reset()}>
              try another e-mail address
            </Anchor>
            .
          </Text>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the e-mail address you sign in with and we will send you a link to choose a new password."
      footer={footer}
    >
      <form onSubmit={form.submit(send)} noValidate>
        <Stack>
          <FormErrorAlert message={form.formError} />
          <EmailInput {...form.bind('email')} />
          <Button type="submit" loading={requestLink.isPending} fullWidth>
            Send reset link
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
