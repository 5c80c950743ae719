import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconClockX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import { AUTOLOAD_ORGANISATION_PATH, SIGN_IN_PATH } from '../../app/paths';
import { AuthLayout } from '../../ui/app-shell/AuthLayout';
import { PageLoader } from '../../ui/feedback/PageLoader';
import { useImpersonate } from './support-api';

/** /impersonate/{token}: support access through a single-use link (spec/platform.md §4). */
export function ImpersonatePage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const impersonate = useImpersonate();
  const started = useRef(false);

  useEffect(() => {
    // The link is single use: it must be sent once, also under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    impersonate.mutate(token, {
      onSuccess: () => void navigate(AUTOLOAD_ORGANISATION_PATH, { replace: true }),
    });
  }, [impersonate, navigate, token]);

  if (!impersonate.isError) return <PageLoader label="Starting the impersonation" />;

  const deadLink =
    impersonate.error instanceof ApiError &&
    [401, 404, 410, 422].includes(impersonate.error.status);
  return (
    <AuthLayout title="Impersonation failed">
      <Stack>
        <Alert color="orange" icon={<IconClockX size={18} />} role="alert">
          {deadLink
            ? 'This impersonation link has expired or has already been used.'
            : impersonate.error.message}
        </Alert>
        <Text size="sm" c="dimmed">
          Impersonation links work once and expire after 10 minutes. Create a new one from the
          support page.
        </Text>
        <Button component={Link} to={SIGN_IN_PATH} fullWidth>
          Go to sign in
        </Button>
      </Stack>
    </AuthLayout>
  );
}
