import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSwitchHorizontal } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface UserMenuLink {
  label: string;
  to: string;
  icon: ReactNode;
}

export interface UserMenuProps {
  name: string;
  email: string;
  organisationsPath: string;
  signOutPath: string;
  /** Further entries above "Sign out", e.g. the support page for support staff. */
  links?: UserMenuLink[];
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

export function UserMenu({
  name,
  email,
  organisationsPath,
  signOutPath,
  links = [],
}: UserMenuProps) {
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton>
          {/* The name given to assistive technology contains the visible name (WCAG 2.5.3). */}
          <VisuallyHidden>User menu: </VisuallyHidden>
          <Group gap={8} wrap="nowrap">
            <Avatar radius="xl" size="sm" color="blue" aria-hidden>
              {initials(name)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
              {name}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={500} c="bright" truncate>
            {name}
          </Text>
          <Text size="xs" truncate>
            {email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={organisationsPath}
          leftSection={<IconSwitchHorizontal size={16} />}
        >
          Switch organisation
        </Menu.Item>
        {links.map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to} leftSection={link.icon}>
            {link.label}
          </Menu.Item>
        ))}
        <Menu.Item component={Link} to={signOutPath} leftSection={<IconLogout size={16} />}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
