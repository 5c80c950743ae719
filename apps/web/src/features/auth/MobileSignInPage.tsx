import { Alert, Anchor, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDeviceMobile } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { request } from '../../api/request';
import { FORGOT_PASSWORD_PATH } from '../../app/paths';
import { session } from '../../session/session-state';
import { AuthLayout } from '../../ui/app-shell/AuthLayout';
import { EmailPasswordForm } from '../../ui/forms/EmailPasswordForm';
import { requestSignInTicket, signInWithPassword } from './auth-api';

/** Where the mobile app takes its sign-in ticket. */
export function mobileAppSignInUrl(ticket: string): string {
  return `fieldwork://signin?ticket=${encodeURIComponent(ticket)}`;
}

/**
 * Signs in for the mobile app: the password sign-in is used only to get a single-use ticket
 * (GET /me/clerk_sign_in_token), which goes to the app by its fieldwork:// link. The web session
 * it needed is ended again; nothing is kept in this browser.
 */
async function ticketForPassword(email: string, password: string): Promise<string> {
  const { accessToken } = await signInWithPassword({ email, password, rememberMe: false });
  const { token } = await requestSignInTicket(accessToken);
  await request({
    method: 'post',
    url: '/auth/logout',
    client: 'public',
    headers: { Authorization: `Bearer ${accessToken}` },
  }).catch(() => undefined);
  return token;
}

/** /signin/mobile */
export function MobileSignInPage() {
  const signedInHere = session.get().connected;
  const fromPassword = useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) =>
      ticketForPassword(email, password),
  });
  const fromSession = useMutation({ mutationFn: async () => (await requestSignInTicket()).token });
  const ticket = fromPassword.data ?? fromSession.data;

  if (ticket) return <HandOff ticket={ticket} />;

  return (
    <AuthLayout
      title="Sign in to the app"
      subtitle="Sign in here and we will take you back to the Fieldwork app."
      footer={
        <Anchor component={Link} to={FORGOT_PASSWORD_PATH}>
          Forgot password?
        </Anchor>
      }
    >
      <Stack>
        {signedInHere && !fromSession.isError && (
          <Alert color="blue" icon={<IconDeviceMobile size={18} />}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">You are already signed in in this browser.</Text>
              <Button
                size="xs"
                loading={fromSession.isPending}
                onClick={() => fromSession.mutate()}
              >
                Continue in the app with this account
              </Button>
            </Stack>
          </Alert>
        )}
        <EmailPasswordForm
          submitLabel="Sign in and open the app"
          pending={fromPassword.isPending}
          onSubmit={(values, onError) => fromPassword.mutate(values, { onError })}
        />
      </Stack>
    </AuthLayout>
  );
}

function HandOff({ ticket }: { ticket: string }) {
  const appUrl = mobileAppSignInUrl(ticket);
  const opened = useRef(false);

  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    try {
      window.location.assign(appUrl);
    } catch {
      // Without the app installed the browser may refuse the link; the fallback below stays.
    }
  }, [appUrl]);

  return (
    <AuthLayout
      title="Opening the Fieldwork app"
      subtitle="You are signed in. If the app did not open, use the button or enter the code in the app."
    >
      <Stack>
        <Button component="a" href={appUrl} leftSection={<IconDeviceMobile size={18} />} fullWidth>
          Open the Fieldwork app
        </Button>
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Sign-in code
          </Text>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {ticket}
            </Code>
            <CopyButton value={ticket}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  size="xs"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed">
            The code works once and expires in 5 minutes.
          </Text>
        </Stack>
      </Stack>
    </AuthLayout>
  );
}
