import { Progress, Stack, Text } from '@mantine/core';
import type { PasswordStrength } from '@fieldwork/contract/password-strength';
import { useEffect, useMemo, useState } from 'react';

type Rate = (password: string, userInputs?: string[]) => PasswordStrength;

// The estimator's dictionaries are large: loaded once, on the first password form shown.
let loading: Promise<Rate> | null = null;
const loadEstimator = () =>
  (loading ??= import('@fieldwork/contract/password-strength').then(
    (module) => module.ratePassword,
  ));

const COLOURS = ['red', 'orange', 'yellow', 'teal', 'green'] as const;

/** The strength of a password being typed, rated as the server will rate it. */
export function usePasswordStrength(password: string, userInputs: string[] = []) {
  const [rate, setRate] = useState<Rate | null>(null);
  useEffect(() => {
    let current = true;
    void loadEstimator().then((loaded) => {
      if (current) setRate(() => loaded);
    });
    return () => {
      current = false;
    };
  }, []);
  const inputs = userInputs.join('\n');
  return useMemo(
    () => (rate && password ? rate(password, inputs ? inputs.split('\n') : []) : null),
    [rate, password, inputs],
  );
}

/** A bar and a sentence under a new-password field, updated as the password is typed. */
export function PasswordStrengthMeter({
  password,
  userInputs,
}: {
  password: string;
  /** The person's name and e-mail: a password made of them is weak. */
  userInputs?: string[];
}) {
  const strength = usePasswordStrength(password, userInputs);
  if (!strength) return null;
  return (
    <Stack gap={4} data-testid="password-strength">
      <Progress.Root size="sm">
        <Progress.Section
          value={(strength.score + 1) * 20}
          color={COLOURS[strength.score]}
          aria-label={`Strength: ${strength.label}`}
        />
      </Progress.Root>
      <Text size="sm" aria-live="polite">
        Strength: {strength.label}.{' '}
        {strength.acceptable ? 'Good enough.' : `Too easy to guess: ${strength.advice}`}
      </Text>
    </Stack>
  );
}
