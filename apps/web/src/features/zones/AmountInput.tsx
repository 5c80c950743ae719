import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { useMoney } from '../materials';

/** An amount typed as pounds and pence ("12.50"), with the organisation's currency sign before it. */
export function AmountInput(props: Omit<TextInputProps, 'leftSection' | 'inputMode'>) {
  const money = useMoney();
  const sign = money(0).replace(/[\d.,\s]/g, '');
  return (
    <TextInput
      inputMode="decimal"
      leftSection={
        <Text size="sm" c="dimmed" aria-hidden>
          {sign}
        </Text>
      }
      {...props}
    />
  );
}
