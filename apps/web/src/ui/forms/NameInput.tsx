import { TextInput } from '@mantine/core';
import type { TextInputProps } from '@mantine/core';

/** A record's name: the first field of its form, required, focused when the form opens. */
export function NameInput(props: TextInputProps) {
  return <TextInput label="Name" required data-autofocus {...props} />;
}
