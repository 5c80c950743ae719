import { Box, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** Cancel (when there is somewhere to go back to) and submit at the foot of a form. */
export function FormActions({
  submitLabel,
  pending,
  onCancel,
  disabled = false,
  secondaryAction,
  danger = false,
}: {
  submitLabel: string;
  pending: boolean;
  onCancel?: () => void;
  disabled?: boolean;
  /** Shown on the left, e.g. a "Remove" beside Cancel and Save. */
  secondaryAction?: ReactNode;
  /** A submit that destroys something (a delete) shows red. */
  danger?: boolean;
}) {
  const buttons = (
    <Group justify="flex-end" gap="sm">
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      )}
      <Button
        type="submit"
        loading={pending}
        disabled={disabled}
        color={danger ? 'red' : undefined}
      >
        {submitLabel}
      </Button>
    </Group>
  );
  // In a dialog (there is a Cancel), the buttons stay in sight at the foot of a long form.
  if (!secondaryAction)
    return onCancel ? (
      <Box
        pos="sticky"
        bottom={0}
        py="xs"
        bg="var(--mantine-color-body)"
        style={{ zIndex: 1 }}
        data-sticky-actions
      >
        {buttons}
      </Box>
    ) : (
      buttons
    );
  return (
    <Group justify="space-between" gap="sm">
      {secondaryAction}
      {buttons}
    </Group>
  );
}
