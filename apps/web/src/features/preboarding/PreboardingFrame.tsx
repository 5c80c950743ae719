import { Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

const STEPS = ['Welcome', 'Your business', 'Your team', 'Finish'] as const;
export type PreboardingStepName = (typeof STEPS)[number];

/**
 * The frame of every preboarding page: where the user is among the four steps (labels on wide
 * screens only), a title, and the step itself in a panel.
 */
export function PreboardingFrame({
  step,
  title,
  description,
  children,
}: {
  step: PreboardingStepName;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const active = STEPS.indexOf(step);
  return (
    <Stack gap="lg">
      <Stepper active={active} size="sm" iconSize={28} allowNextStepsSelect={false} aria-hidden>
        {STEPS.map((name) => (
          <Stepper.Step
            key={name}
            label={
              <Text size="sm" fw={500} visibleFrom="sm">
                {name}
              </Text>
            }
          />
        ))}
      </Stepper>
      <Text size="sm" c="dimmed" hiddenFrom="sm">
        Step {active + 1} of {STEPS.length}: {step}
      </Text>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {title}
            </Title>
            {description && <Text c="dimmed">{description}</Text>}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Stack>
  );
}
