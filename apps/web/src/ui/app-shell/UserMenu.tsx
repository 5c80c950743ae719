import { Menu, Text } from '@mantine/core';
import { IconLogout, IconSwitchHorizontal } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { UserMenuButton } from './UserMenuButton';

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
  /** Open from the start: loaded by a click on its stand-in (SignedInUserMenu). */
  defaultOpened?: boolean;
}

export function UserMenu({
  name,
  email,
  organisationsPath,
  signOutPath,
  links = [],
  defaultOpened = false,
}: UserMenuProps) {
  return (
    <Menu position="bottom-end" width={240} withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <UserMenuButton name={name} />
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
