import '@mantine/charts/styles.css';
import type { ProductivityAnswer } from '@fieldwork/contract';
import { BarChart } from '@mantine/charts';
import { Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { periodLabel, summed } from './productivity-api';

/**
 * The figures per period as charts (@mantine/charts over recharts): job sheets submitted and
 * approved with locations completed, and hours worked. Every period of the range has a bar, empty
 * ones too. Loaded lazily: recharts stays out of every first load.
 */
export function ProductivityCharts({ answer }: { answer: ProductivityAnswer }) {
  const byPeriod = new Map(
    summed(answer.data, (row) => row.period_start).map(({ key, row }) => [key, row]),
  );
  const data = answer.meta.periods.map((start) => {
    const row = byPeriod.get(start);
    return {
      period: periodLabel(start, answer.meta.timeframe),
      Submitted: row?.job_sheets_submitted ?? 0,
      Approved: row?.job_sheets_approved ?? 0,
      'Locations completed': row?.locations_completed ?? 0,
      Hours: row?.hours_worked ?? 0,
    };
  });
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="chart-work">
        <Stack gap="sm">
          <Title order={2} size="h4" id="chart-work">
            Job sheets and locations
          </Title>
          <BarChart
            h={240}
            data={data}
            dataKey="period"
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            series={[
              { name: 'Submitted', color: 'blue.5' },
              { name: 'Approved', color: 'teal.6' },
              { name: 'Locations completed', color: 'orange.5' },
            ]}
          />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="chart-hours">
        <Stack gap="sm">
          <Title order={2} size="h4" id="chart-hours">
            Hours worked
          </Title>
          <BarChart
            h={240}
            data={data}
            dataKey="period"
            valueFormatter={(value) => `${value.toLocaleString()} h`}
            series={[{ name: 'Hours', color: 'grape.6' }]}
          />
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
