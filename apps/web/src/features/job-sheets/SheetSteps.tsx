import { Badge, Group, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import type { RenderableSection, StepState } from '../form-fields';

/**
 * Where the operative is in the sheet: "Step 2 of 4", the section's name, a progress bar, and a
 * button per section (marked when it holds a problem) to jump to it.
 */
export function SheetSteps({
  sections,
  state,
  onStep,
}: {
  sections: RenderableSection[];
  state: StepState;
  onStep: (step: number) => void;
}) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          Step {state.current + 1} of {state.count}
        </Text>
      </Group>
      <Progress
        value={((state.current + 1) / Math.max(state.count, 1)) * 100}
        size="sm"
        aria-hidden
      />
      <Group gap={6} role="navigation" aria-label="Sections">
        {sections.map((section, index) => {
          const current = index === state.current;
          const problem = state.stepsWithErrors.includes(index);
          return (
            <UnstyledButton
              key={section.id}
              onClick={() => onStep(index)}
              aria-current={current ? 'step' : undefined}
              aria-label={`${index + 1}. ${section.name}${problem ? ' (needs attention)' : ''}`}
            >
              <Badge
                size="lg"
                radius="sm"
                variant={current ? 'filled' : 'light'}
                color={problem ? 'red' : 'blue'}
                style={{ cursor: 'pointer', textTransform: 'none' }}
              >
                {index + 1}. {section.name}
              </Badge>
            </UnstyledButton>
          );
        })}
      </Group>
    </Stack>
  );
}
