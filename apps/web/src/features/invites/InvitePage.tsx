import { Alert, Anchor, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconMailOff } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ApiError, errorMessage } from '../../api/errors';
import { ORGANISATIONS_PATH, SIGN_IN_PATH, SIGN_UP_PATH } from '../../app/paths';
import { saveRedirectAfterSignIn } from '../../session/persisted-session';
import { useSession } from '../../session/use-session';
import { useSessionContextQuery } from '../../app/session/use-session-context';
import { AuthLayout } from '../../ui/app-shell/AuthLayout';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { PageLoader } from '../../ui/feedback/PageLoader';
import { useAcceptInvite, useInvite } from './invites-api';
import type { InviteKind, PublicInvite } from './invites-api';

/** Back from sign-in or sign-up, the invite page accepts without another click. */
export const AUTO_ACCEPT_PARAM = 'accept';

const ROLE_LABELS: Record<PublicInvite['role'], string> = {
  ADMIN: 'Admin',
  MANAGER: 'Manager',
  OPERATIVE: 'Operative',
  GUEST: 'Guest',
};

/**
 * /membership-invite/{token} and /organisation-invite/{token}: what the invite is for; a signed-in
 * user accepts and lands in the organisation; anyone else signs in or signs up first and comes
 * back here to accept automatically.
 */
export function InvitePage({ kind }: { kind: InviteKind }) {
  const { token = '' } = useParams();
  const invite = useInvite(kind, token);

  if (invite.isPending) return <PageLoader label="Loading the invitation" />;
  if (invite.isError) {
    if (invite.error instanceof ApiError && invite.error.status === 404) return <DeadInvite />;
    return (
      <AuthLayout title="Invitation">
        <QueryErrorState title="The invitation could not be loaded" query={invite} />
      </AuthLayout>
    );
  }
  return <InviteDetails invite={invite.data} token={token} />;
}

function InviteDetails({ invite, token }: { invite: PublicInvite; token: string }) {
  const { connected, user } = useSession();
  const context = useSessionContextQuery({ enabled: connected });
  const accept = useAcceptInvite();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const autoAccept = searchParams.get(AUTO_ACCEPT_PARAM) === 'auto';
  const autoAccepted = useRef(false);

  const acceptNow = () =>
    accept.mutate(
      { invite, token },
      { onSuccess: (path) => void navigate(path, { replace: true }) },
    );

  useEffect(() => {
    if (!autoAccept || !connected || autoAccepted.current) return;
    autoAccepted.current = true;
    acceptNow();
  });

  /** Sign-in and sign-up come back here, and the invite is then accepted. */
  function continueWith(path: string) {
    saveRedirectAfterSignIn(`${pathname}?${AUTO_ACCEPT_PARAM}=auto`);
    const query = invite.email ? `?email=${encodeURIComponent(invite.email)}` : '';
    void navigate(`${path}${query}`);
  }

  const signedInAs = user?.email ?? null;
  const otherAccount =
    signedInAs !== null &&
    invite.email !== null &&
    signedInAs.toLowerCase() !== invite.email.toLowerCase();
  const newUser = invite.user_exists === false;

  return (
    <AuthLayout
      title={`Join ${invite.organisation_name}`}
      subtitle={
        invite.invited_by_name
          ? `${invite.invited_by_name} invited you to work with them on Fieldwork.`
          : 'You have been invited to work with this organisation on Fieldwork.'
      }
    >
      <Stack>
        <Stack gap={8}>
          <Detail label="Organisation" value={invite.organisation_name} />
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" c="dimmed">
              Role
            </Text>
            <Badge variant="light">{ROLE_LABELS[invite.role]}</Badge>
          </Group>
          {invite.email && <Detail label="E-mail" value={invite.email} />}
          {invite.guest && invite.projects.length > 0 && (
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                Projects
              </Text>
              <List size="sm">
                {invite.projects.map((project, index) => (
                  <List.Item key={project.project_id ?? index}>
                    {project.project_name ?? project.name ?? 'Project'}
                  </List.Item>
                ))}
              </List>
            </Stack>
          )}
        </Stack>

        {accept.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            <Stack gap={4}>
              <Text size="sm">{errorMessage(accept.error)}</Text>
              <Anchor component={Link} to={ORGANISATIONS_PATH} size="sm">
                Go to your organisations
              </Anchor>
            </Stack>
          </Alert>
        )}

        {connected ? (
          <Stack gap="xs">
            {otherAccount && (
              <Alert color="yellow" role="status">
                This invitation was sent to {invite.email}, and you are signed in as {signedInAs}.
                Accepting adds {signedInAs} to {invite.organisation_name}.
              </Alert>
            )}
            {signedInAs && !otherAccount && (
              <Text size="sm" c="dimmed">
                Signed in as {signedInAs}
              </Text>
            )}
            <Button
              fullWidth
              onClick={acceptNow}
              loading={accept.isPending || (context.isPending && autoAccept)}
            >
              Accept invitation
            </Button>
          </Stack>
        ) : (
          <Stack gap="xs">
            <Button fullWidth onClick={() => continueWith(newUser ? SIGN_UP_PATH : SIGN_IN_PATH)}>
              {newUser ? 'Create an account to accept' : 'Sign in to accept'}
            </Button>
            <Button
              fullWidth
              variant="default"
              onClick={() => continueWith(newUser ? SIGN_IN_PATH : SIGN_UP_PATH)}
            >
              {newUser ? 'I already have an account' : 'Create an account'}
            </Button>
          </Stack>
        )}
      </Stack>
    </AuthLayout>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" style={{ wordBreak: 'break-word' }}>
        {value}
      </Text>
    </Group>
  );
}

function DeadInvite() {
  return (
    <AuthLayout title="This invitation is no longer valid">
      <Stack>
        <Alert color="orange" icon={<IconMailOff size={18} />} role="alert">
          The invitation has expired, was cancelled, or has already been accepted.
        </Alert>
        <Text size="sm" c="dimmed">
          Ask the person who invited you to send a new invitation. If you already accepted it, sign
          in to find the organisation among yours.
        </Text>
        <Button component={Link} to={SIGN_IN_PATH} fullWidth>
          Go to sign in
        </Button>
      </Stack>
    </AuthLayout>
  );
}
