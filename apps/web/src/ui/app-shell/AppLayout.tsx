import { AppShell, Avatar, Box, Burger, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Brand } from './Brand';

export interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
  /** Shown at the end of the link, e.g. a count of what waits there. */
  badge?: ReactNode;
}

export interface AppLayoutProps {
  /** Shown above the navigation, e.g. the organisation name. */
  context: string;
  navItems: NavItem[];
  /** Right side of the header, e.g. the user menu. */
  headerRight: ReactNode;
  /** Between the brand and the right side, taking the room left, e.g. the global search. */
  headerCenter?: ReactNode;
  children: ReactNode;
}

/** The signed-in shell: header, navigation (a burger drawer on small screens) and the page. */
export function AppLayout({
  context,
  navItems,
  headerRight,
  headerCenter,
  children,
}: AppLayoutProps) {
  const [navigationOpen, navigation] = useDisclosure(false);
  const { pathname } = useLocation();

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navigationOpen } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navigationOpen}
              onClick={navigation.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Brand />
          </Group>
          {headerCenter && (
            <Box miw={0} style={{ flex: 1, display: 'flex', justifyContent: 'center' }}>
              {headerCenter}
            </Box>
          )}
          {headerRight}
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Main navigation">
        <Group
          gap="sm"
          px="xs"
          pb="sm"
          mb="xs"
          wrap="nowrap"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Avatar radius="md" size="md" color="blue" variant="filled">
            {context.slice(0, 1).toUpperCase()}
          </Avatar>
          <Text fw={600} size="sm" truncate title={context}>
            {context}
          </Text>
        </Group>
        {/* Native scrolling: Mantine's ScrollArea would bring its positioning library along. */}
        <AppShell.Section grow style={{ overflowY: 'auto' }}>
          {navItems.map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              leftSection={item.icon}
              rightSection={item.badge}
              active={pathname === item.to || pathname.startsWith(`${item.to}/`)}
              onClick={navigation.close}
            />
          ))}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
