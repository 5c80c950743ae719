import { TextInput } from '@mantine/core';
import type { TextInputProps } from '@mantine/core';

/** The person's own e-mail address (sign in, sign up, reset, profile): required, autofilled. */
export function EmailInput(props: TextInputProps) {
  return <TextInput label="Email" type="email" autoComplete="email" required {...props} />;
}
