import { Menu } from '@mantine/core';
import type { MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { RowActionsButton } from './RowActionsButton';

/** One item of a row's menu; a hidden one is left out (the caller may not do it). */
export interface RowAction {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: MantineColor;
  hidden?: boolean;
}

export interface RowActionsMenuProps {
  /** The row's name: the button is "Actions for {name}". */
  name: string;
  /** The items, in order; `children` follow them (dividers, items that need more). */
  actions?: RowAction[];
  children?: ReactNode;
  defaultOpened?: boolean;
}

/** A row's "…" menu. */
export function RowActionsMenu({
  name,
  actions = [],
  children,
  defaultOpened,
}: RowActionsMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <RowActionsButton name={name} />
      </Menu.Target>
      <Menu.Dropdown>
        {actions
          .filter((action) => !action.hidden)
          .map((action) => (
            <Menu.Item
              key={action.label}
              color={action.color}
              leftSection={action.icon}
              onClick={action.onClick}
            >
              {action.label}
            </Menu.Item>
          ))}
        {children}
      </Menu.Dropdown>
    </Menu>
  );
}
