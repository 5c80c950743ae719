import type { SeatsOverview } from '@fieldwork/contract';
import { Paper, Stack } from '@mantine/core';
import { PriceLines } from '../billing';

/** The price lines of a seat count in a panel of their own. */
export function SeatSummary({ seats, overview }: { seats: number; overview: SeatsOverview }) {
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)">
      <Stack gap="xs">
        <PriceLines seats={seats} overview={overview} />
      </Stack>
    </Paper>
  );
}
