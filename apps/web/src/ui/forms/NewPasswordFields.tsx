import { PasswordInput } from '@mantine/core';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';
import type { BoundInput } from './use-zod-form';

/**
 * A new password, its strength, and "Confirm new password" (the schema checks the two match:
 * `confirmationMatches`), bound to a form with `password` and `password_confirmation`.
 */
export function NewPasswordFields({
  form,
  description,
  autoFocus = false,
}: {
  form: {
    values: { password: string };
    bind: (field: 'password' | 'password_confirmation') => BoundInput;
  };
  /** The rule, e.g. "At least 8 characters". */
  description: string;
  /** Focused when the form opens (a page that is only this form). */
  autoFocus?: boolean;
}) {
  return (
    <>
      <PasswordInput
        label="New password"
        description={description}
        autoComplete="new-password"
        required
        data-autofocus={autoFocus || undefined}
        {...form.bind('password')}
      />
      <PasswordStrengthMeter password={form.values.password} />
      <PasswordInput
        label="Confirm new password"
        autoComplete="new-password"
        required
        {...form.bind('password_confirmation')}
      />
    </>
  );
}
