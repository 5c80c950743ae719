import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The part of a failed submit that belongs to no field; nothing when there is none. */
export function FormErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
      {message}
    </Alert>
  );
}
