import { Button, Group } from '@mantine/core';

/** Cancel and submit at the foot of a dialog's form. */
export function FormActions({
  submitLabel,
  pending,
  onCancel,
  disabled = false,
}: {
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
  disabled?: boolean;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={pending} disabled={disabled}>
        {submitLabel}
      </Button>
    </Group>
  );
}
