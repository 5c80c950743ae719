import { Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The frame of a page in a setup flow: where the user is among its steps (labels on wide
 * screens, "Step 2 of 4" on phones), a title, and the step itself in a panel.
 */
export function StepFrame<Step extends string>({
  steps,
  step,
  title,
  description,
  children,
}: {
  steps: readonly Step[];
  step: Step;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const active = steps.indexOf(step);
  return (
    <Stack gap="lg">
      <Stepper active={active} size="sm" iconSize={28} allowNextStepsSelect={false} aria-hidden>
        {steps.map((name) => (
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
        Step {active + 1} of {steps.length}: {step}
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
