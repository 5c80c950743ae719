import { Box, Button, Group, Text } from '@mantine/core';
import { IconSpy } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { SIGN_IN_PATH, SUPPORT_PATH } from '../../app/paths';
import { useSession } from '../../session/use-session';
import { notifyFailure } from '../../ui/feedback/notify';
import { useStopImpersonating } from './support-api';

const BANNER_HEIGHT = 52;

/**
 * While impersonating, a bar on every signed-in page names the user being impersonated and stops
 * the impersonation. It sits at the bottom of the window (the header is fixed at the top) and
 * takes the place of an app-shell footer, so the page and the navigation end above it.
 */
export function ImpersonationBanner() {
  const { impersonating, user } = useSession();
  const navigate = useNavigate();
  const stop = useStopImpersonating();
  const shown = impersonating && user !== null;

  useEffect(() => {
    if (!shown) return;
    const root = document.documentElement.style;
    root.setProperty('--app-shell-footer-offset', `${BANNER_HEIGHT}px`);
    return () => {
      root.removeProperty('--app-shell-footer-offset');
    };
  }, [shown]);

  if (!shown) return null;

  function stopImpersonating() {
    stop.mutate(
      {
        leave: (ownSessionRemains) =>
          void navigate(ownSessionRemains ? SUPPORT_PATH : SIGN_IN_PATH, { replace: true }),
      },
      { onError: (error) => notifyFailure('The impersonation could not be stopped', error) },
    );
  }

  return (
    <Box
      component="aside"
      aria-label="Impersonation"
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      mih={BANNER_HEIGHT}
      px="md"
      py={8}
      bg="orange.6"
      c="black"
      style={{ zIndex: 190, boxShadow: '0 -2px 8px rgba(0, 0, 0, 0.15)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" mih={36}>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconSpy size={20} style={{ flexShrink: 0 }} />
          <Text size="sm" fw={600} lh={1.3}>
            You are impersonating {user.name}
            <Text span size="sm" fw={400} visibleFrom="sm">
              {' '}
              ({user.email})
            </Text>
          </Text>
        </Group>
        <Button
          size="xs"
          variant="white"
          color="dark"
          loading={stop.isPending}
          onClick={stopImpersonating}
          style={{ flexShrink: 0 }}
        >
          Stop impersonating
        </Button>
      </Group>
    </Box>
  );
}
