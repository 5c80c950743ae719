import { Paper, EmptyState } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** A settings page the member's role does not open (the server would refuse it as well). */
export function NoAccessState({ title, description }: { title: string; description: string }) {
  return (
    <Paper withBorder radius="md" py={40} px="md">
      <EmptyState
        icon={<IconLock size={32} />}
        variant="light"
        color="gray"
        title={title}
        description={description}
      />
    </Paper>
  );
}
