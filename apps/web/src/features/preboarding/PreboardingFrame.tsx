import type { ReactNode } from 'react';
import { StepFrame } from '../setup';

const STEPS = ['Welcome', 'Your business', 'Your team', 'Finish'] as const;
export type PreboardingStepName = (typeof STEPS)[number];

/** The frame of every preboarding page: its four steps, a title and the step. */
export function PreboardingFrame(props: {
  step: PreboardingStepName;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return <StepFrame steps={STEPS} {...props} />;
}
