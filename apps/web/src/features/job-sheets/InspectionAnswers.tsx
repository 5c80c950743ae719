import {
  scoreText,
  type FormRecord,
  type JobSheet,
  type JobSheetFieldValue,
} from '@fieldwork/contract';
import { Badge, Box, Group, Paper, Table, Text, Title } from '@mantine/core';
import { tableCells } from './sheet-display';

/** A sheet's pass / fail / N/A total, above its answers (nothing when the form has none). */
export function SheetScore({ sheet }: { sheet: JobSheet }) {
  const { score } = sheet;
  if (!score) return null;
  const color =
    score.percent === null
      ? 'gray'
      : score.percent >= 80
        ? 'green'
        : score.percent >= 50
          ? 'yellow'
          : 'red';
  return (
    <Paper withBorder radius="md" p="md" data-testid="sheet-score">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h5">
          Score
        </Title>
        <Badge color={color} size="lg" variant="light">
          {score.percent === null ? 'Nothing scored yet' : `${score.percent}%`}
        </Badge>
      </Group>
      <Text size="sm" mt={4}>
        {scoreText(score)}
      </Text>
    </Paper>
  );
}

/** A table answer as a small table of its rows (scrolls sideways inside its cell when wide). */
export function TableAnswerView({
  value,
  form,
}: {
  value: JobSheetFieldValue;
  form: FormRecord | undefined;
}) {
  const cells = tableCells(value, form);
  if (!cells)
    return (
      <Text size="sm" c="dimmed">
        Not answered
      </Text>
    );
  return (
    // A keyboard can scroll it too (tabIndex): a region that scrolls must be reachable (axe).
    <Box
      role="region"
      aria-label={`${value.name}: ${cells.rows.length} rows`}
      tabIndex={0}
      style={{ overflowX: 'auto' }}
    >
      <Table
        miw={Math.max(240, cells.columns.length * 110)}
        withTableBorder
        withColumnBorders
        fz="xs"
        verticalSpacing={4}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={32}>#</Table.Th>
            {cells.columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cells.rows.map((row, index) => (
            <Table.Tr key={index}>
              <Table.Td>{index + 1}</Table.Td>
              {row.map((cell, at) => (
                <Table.Td key={at}>{cell || '—'}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
