import type { Location } from '@fieldwork/contract';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { formatDate } from '../../ui/format';
import { notifySuccess } from '../../ui/feedback/notify';
import { useAllocateQrCode, useBatchesWithFreeCodes } from './drawings-api';

/**
 * A location without a QR code gets one of a batch's labels: the code printed on the label in
 * hand, or else the batch's next free one.
 */
export function GiveQrCode({ location }: { location: Location }) {
  const [open, setOpen] = useState(false);
  const [batchId, setBatchId] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const batches = useBatchesWithFreeCodes(open);
  const allocate = useAllocateQrCode();
  if (!open)
    return (
      <Button
        variant="default"
        leftSection={<IconQrcode size={16} />}
        onClick={() => setOpen(true)}
      >
        Give it a QR code
      </Button>
    );
  const choices = (batches.data ?? []).map((batch) => ({
    value: batch.id,
    label: `${batch.quantity - batch.allocated_count} free of ${batch.quantity} · made ${formatDate(batch.generated_at!)}`,
  }));
  const chosen = batchId ?? choices[0]?.value ?? null;
  return (
    <Stack
      gap="xs"
      component="form"
      aria-label="Give it a QR code"
      onSubmit={(event) => {
        event.preventDefault();
        if (!chosen) return;
        allocate.mutate(
          { batchId: chosen, locationId: location.id, code: code.trim() || undefined },
          {
            onSuccess: (answer) => {
              notifySuccess(`Location ${location.number} has QR code ${answer.data.code}`);
              setOpen(false);
            },
          },
        );
      }}
    >
      {batches.isSuccess && choices.length === 0 ? (
        <Text size="sm" c="dimmed">
          No batch has a free code: generate a batch on the QR codes page first.
        </Text>
      ) : (
        <>
          <Select
            label="Batch"
            data={choices}
            value={chosen}
            onChange={setBatchId}
            allowDeselect={false}
            placeholder={batches.isPending ? 'Loading the batches…' : undefined}
            comboboxProps={{ withinPortal: true, zIndex: 1000 }}
          />
          <TextInput
            label="Code on the label"
            description="Leave empty to take the batch's next free code."
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={allocate.error ? errorMessage(allocate.error) : undefined}
          />
        </>
      )}
      <Group gap="xs" justify="flex-end">
        <Button variant="default" onClick={() => setOpen(false)}>
          Cancel
        </Button>
        <Button type="submit" disabled={!chosen} loading={allocate.isPending}>
          Give code
        </Button>
      </Group>
    </Stack>
  );
}
