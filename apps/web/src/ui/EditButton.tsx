import { Button } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A record page's "Edit" button (another label where the page says what is edited). */
export function EditButton({
  onClick,
  children = 'Edit',
}: {
  onClick: () => void;
  children?: ReactNode;
}) {
  return (
    <Button variant="default" leftSection={<IconPencil size={16} />} onClick={onClick}>
      {children}
    </Button>
  );
}
