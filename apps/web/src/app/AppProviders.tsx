import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';

// The notification and modal hosts are not needed to paint a page: they load just after it.
// `notifications.show` fills a store the host renders once mounted; modals opened through
// `ui/feedback/modals` wait until the host listens.
const OverlayHosts = lazy(() => import('./OverlayHosts'));

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
      >
        <Suspense fallback={null}>
          <OverlayHosts />
        </Suspense>
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
