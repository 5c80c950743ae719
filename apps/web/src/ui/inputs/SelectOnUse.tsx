import { TextInput } from '@mantine/core';
import type { SelectProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useOnFirstUse } from '../use-on-first-use';

const loadSelect = () => import('./select-module');

export type SelectOnUseProps = Omit<SelectProps, 'data'> & {
  data: { value: string; label: string }[];
};

/**
 * A Select for a page's first paint (a list's filter): it shows as a read-only field with the
 * chosen label until it is first focused or pressed, then Mantine's Select (and the dropdown code
 * behind it) loads and takes its place, focused and open.
 */
export function SelectOnUse(props: SelectOnUseProps) {
  const [loaded, use] = useOnFirstUse(loadSelect);
  if (loaded) return <loaded.Select {...props} defaultDropdownOpened autoFocus />;
  const chosen = props.data.find((option) => option.value === props.value);
  return (
    <TextInput
      readOnly
      aria-label={props['aria-label']}
      placeholder={typeof props.placeholder === 'string' ? props.placeholder : undefined}
      value={chosen?.label ?? ''}
      w={props.w}
      rightSection={<IconChevronDown size={16} />}
      rightSectionPointerEvents="none"
      onFocus={use}
      onPointerDown={use}
      styles={{ input: { cursor: 'pointer' } }}
    />
  );
}
