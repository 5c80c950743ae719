import { Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { appStoreTarget } from './app-store-target';

export const APP_STORE_PAGE_TITLE = 'Redirecting...';

/** Leaves the app for `target` (a seam for tests: happy-dom cannot leave the page). */
export type Leave = (target: string) => void;

const leaveTo: Leave = (target) => window.location.replace(target);

/**
 * /app-store (public): sends phones to their store listing and everything else to the website,
 * replacing this page in the history so "back" does not bounce here again.
 */
export function AppStorePage({ leave = leaveTo }: { leave?: Leave }) {
  const target = appStoreTarget({
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
  });

  useEffect(() => {
    const previousTitle = document.title;
    document.title = APP_STORE_PAGE_TITLE;
    leave(target);
    return () => {
      document.title = previousTitle;
    };
  }, [leave, target]);

  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Title order={1} size="md">
          {APP_STORE_PAGE_TITLE}
        </Title>
        <Text size="sm" c="dimmed" ta="center">
          Not moving? <Anchor href={target}>Continue to the download page</Anchor>
        </Text>
      </Stack>
    </Center>
  );
}
