// Mantine's Select (with Combobox and Popover) as a chunk of its own, for SelectOnUse.
export { Select } from '@mantine/core';
