import type { ProductivityAnswer } from '@fieldwork/contract';
import { Table, Text } from '@mantine/core';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { formatHours, formatQuantity, summed } from './productivity-api';

/** Money in minor units in the organisation's currency. */
function useMoney() {
  const organisation = useCurrentOrganisation();
  const given = (organisation.options as { currency_code?: unknown } | undefined)?.currency_code;
  const code = typeof given === 'string' && given ? given.toUpperCase() : 'GBP';
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(undefined, { style: 'currency', currency: code });
  } catch {
    format = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'GBP' });
  }
  return (minor: number) => format.format(minor / 100);
}

/** One row per member (or project) over the whole range, with a total row. */
export function ProductivityTable({
  answer,
  by,
}: {
  answer: ProductivityAnswer;
  by: 'member' | 'project';
}) {
  const money = useMoney();
  const lines = summed(answer.data, (row) => (by === 'member' ? row.user_id : row.project_id) ?? '')
    .map(({ key, row }) => ({
      key,
      name:
        by === 'member'
          ? (row.user_name ?? (key ? 'Former member' : 'No member'))
          : (row.project_name ?? (key ? 'Removed project' : 'No project')),
      row,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const materials = (row: ProductivityAnswer['totals']) =>
    row.materials.length
      ? row.materials
          .map((material) => formatQuantity(material.quantity, material.measure))
          .join(', ')
      : '—';
  const value = (row: ProductivityAnswer['totals']) =>
    row.materials.length
      ? money(row.materials.reduce((sum, material) => sum + material.value, 0))
      : '—';
  const heading = by === 'member' ? 'Member' : 'Project';
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={`Productivity by ${by}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{heading}</Table.Th>
            <Table.Th ta="right">Sheets submitted</Table.Th>
            <Table.Th ta="right">Sheets approved</Table.Th>
            <Table.Th ta="right">Locations completed</Table.Th>
            <Table.Th ta="right">Hours</Table.Th>
            <Table.Th>Materials installed</Table.Th>
            <Table.Th ta="right">Value</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map(({ key, name, row }) => (
            <Table.Tr key={key || 'none'}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {name}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{row.job_sheets_submitted.toLocaleString()}</Table.Td>
              <Table.Td ta="right">{row.job_sheets_approved.toLocaleString()}</Table.Td>
              <Table.Td ta="right">{row.locations_completed.toLocaleString()}</Table.Td>
              <Table.Td ta="right">{formatHours(row.hours_worked)}</Table.Td>
              <Table.Td>{materials(row)}</Table.Td>
              <Table.Td ta="right">{value(row)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>Total</Table.Th>
            <Table.Th ta="right">{answer.totals.job_sheets_submitted.toLocaleString()}</Table.Th>
            <Table.Th ta="right">{answer.totals.job_sheets_approved.toLocaleString()}</Table.Th>
            <Table.Th ta="right">{answer.totals.locations_completed.toLocaleString()}</Table.Th>
            <Table.Th ta="right">{formatHours(answer.totals.hours_worked)}</Table.Th>
            <Table.Th>{materials(answer.totals)}</Table.Th>
            <Table.Th ta="right">{value(answer.totals)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
