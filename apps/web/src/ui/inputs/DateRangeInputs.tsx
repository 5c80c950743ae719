import { TextInput } from '@mantine/core';
import type { TextInputProps } from '@mantine/core';

/**
 * The two date boxes of a range ("YYYY-MM-DD", '' when open), each bounding the other's picker:
 * the end not before the start.
 */
export function DateRangeInputs({
  from,
  to,
  onFromChange,
  onToChange,
  labels = { from: 'From', to: 'To' },
  w,
}: {
  from: string;
  to: string;
  onFromChange: (from: string) => void;
  onToChange: (to: string) => void;
  labels?: { from: string; to: string };
  w?: TextInputProps['w'];
}) {
  return (
    <>
      <TextInput
        type="date"
        label={labels.from}
        value={from}
        max={to || undefined}
        onChange={(event) => onFromChange(event.currentTarget.value)}
        w={w}
      />
      <TextInput
        type="date"
        label={labels.to}
        value={to}
        min={from || undefined}
        onChange={(event) => onToChange(event.currentTarget.value)}
        w={w}
      />
    </>
  );
}
