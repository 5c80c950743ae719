import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** The search box above a list: a label for assistive technology and a clear button. */
export function SearchInput({
  label,
  value,
  onChange,
}: {
  /** e.g. "Search members"; also the placeholder. */
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      aria-label={label}
      placeholder={label}
      leftSection={<IconSearch size={16} />}
      rightSection={value && <CloseButton aria-label="Clear search" onClick={() => onChange('')} />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      flex="1 1 220px"
      maw={420}
    />
  );
}
