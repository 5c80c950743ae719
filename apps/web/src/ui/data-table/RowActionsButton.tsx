import { ActionIcon } from '@mantine/core';
import type { ActionIconProps } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

export type RowActionsButtonProps = ActionIconProps &
  ComponentPropsWithRef<'button'> & {
    /** The row's name: the button is "Actions for {name}". */
    name: string;
  };

/** The "…" button that opens a row's menu (RecordActionsMenu); light enough for the first load. */
export function RowActionsButton({ name, ...props }: RowActionsButtonProps) {
  return (
    <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`} {...props}>
      <IconDots size={18} />
    </ActionIcon>
  );
}
