import { Table, VisuallyHidden } from '@mantine/core';

/** The header cell over a column of row menus ("Actions", for screen readers only). */
export function ActionsTh() {
  return (
    <Table.Th w={48}>
      <VisuallyHidden>Actions</VisuallyHidden>
    </Table.Th>
  );
}
