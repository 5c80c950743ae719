import type { LocationStatus } from '@fieldwork/contract';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { FormDialog } from '../../ui/forms/FormDialog';

/**
 * The last step of submitting a sheet whose form automates the location status: choose the
 * location's new status (starting from the one the form would set), then submit.
 */
export function LocationStatusModal({
  opened,
  statuses,
  suggested,
  pending,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  statuses: LocationStatus[];
  suggested: string | null;
  pending: boolean;
  onSubmit: (locationStatusId: string | null) => void;
  onClose: () => void;
}) {
  return (
    <FormDialog opened={opened} onClose={onClose} title="Location status">
      <StatusChoice
        statuses={statuses}
        suggested={suggested}
        pending={pending}
        onSubmit={onSubmit}
        onClose={onClose}
      />
    </FormDialog>
  );
}

function StatusChoice({
  statuses,
  suggested,
  pending,
  onSubmit,
  onClose,
}: Omit<Parameters<typeof LocationStatusModal>[0], 'opened'>) {
  const [chosen, setChosen] = useState<string | null>(suggested);
  const ordered = [...statuses].sort((a, b) => a.order - b.order);
  return (
    <Stack>
      <Text size="sm">What state is the location in now that this sheet is done?</Text>
      <Select
        label="New location status"
        placeholder="Leave as it is"
        data={ordered.map((status) => ({ value: status.id, label: status.name }))}
        value={chosen}
        onChange={setChosen}
        clearable
        comboboxProps={{ withinPortal: true }}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Back
        </Button>
        <Button
          leftSection={<IconSend size={16} />}
          loading={pending}
          onClick={() => onSubmit(chosen)}
        >
          Submit
        </Button>
      </Group>
    </Stack>
  );
}
