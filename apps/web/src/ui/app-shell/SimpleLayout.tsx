import { AppShell, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from './Brand';

/** Header and a centred column, for signed-in pages outside an organisation. */
export function SimpleLayout({
  headerRight,
  children,
}: {
  headerRight: ReactNode;
  children: ReactNode;
}) {
  return (
    <AppShell header={{ height: 56 }} padding={{ base: 'sm', sm: 'lg' }}>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Brand />
          {headerRight}
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="sm" px={0} py="md">
          {children}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
