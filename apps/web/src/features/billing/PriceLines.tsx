import { TAX_RATE_PERCENT } from '@fieldwork/contract';
import type { SeatsOverview } from '@fieldwork/contract';
import { Divider, Group, Text } from '@mantine/core';
import { formatMoney, seatCount } from './money';
import { monthlyPrice } from './seat-price';

/** Seats × price, tax and the monthly total, one line each. */
export function PriceLines({ seats, overview }: { seats: number; overview: SeatsOverview }) {
  const price = monthlyPrice(seats, overview);
  return (
    <>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">
          {seatCount(seats)} × {formatMoney(price.perSeat, price.currency)}
        </Text>
        <Text size="sm">{formatMoney(price.subTotal, price.currency)}</Text>
      </Group>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">Tax ({TAX_RATE_PERCENT} %)</Text>
        <Text size="sm">{formatMoney(price.tax, price.currency)}</Text>
      </Group>
      <Divider />
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>Total per month</Text>
        <Text fw={700} aria-label="Total per month">
          {formatMoney(price.total, price.currency)}
        </Text>
      </Group>
    </>
  );
}
