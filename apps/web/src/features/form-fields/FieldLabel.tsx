import { Text } from '@mantine/core';

/** The label of a field that is not a Mantine input (photos, a signature), with Mantine's "*". */
export function FieldLabel({ label, required }: { label: string; required?: boolean | undefined }) {
  return (
    <Text size="sm" fw={500} component="div">
      {label}
      {required && <span style={{ color: 'var(--mantine-color-error)' }}> *</span>}
    </Text>
  );
}
