import { MAX_SEATS } from '@fieldwork/contract';
import { NumberInput } from '@mantine/core';
import type { NumberInputProps } from '@mantine/core';

export type SeatsInputProps = Omit<
  NumberInputProps,
  'value' | 'onChange' | 'min' | 'max' | 'allowDecimal' | 'allowNegative'
> & {
  value: number;
  /** The fewest seats the organisation may have (those in use, at least one). */
  min: number;
  onChange: (seats: number) => void;
};

/** A whole number of seats up to the plan's most; a cleared box counts as none. */
export function SeatsInput({ value, min, onChange, ...props }: SeatsInputProps) {
  return (
    <NumberInput
      min={min}
      max={MAX_SEATS}
      allowDecimal={false}
      allowNegative={false}
      value={value}
      onChange={(next) => onChange(typeof next === 'number' ? next : Number(next) || 0)}
      {...props}
    />
  );
}
