import type { ReactNode } from 'react';
import { StepFrame } from './StepFrame';

const STEPS = ['Start', 'Plan', 'Billing'] as const;
export type SubscriptionStepName = (typeof STEPS)[number];

/** The frame of the setup area's subscription pages (start, plan, billing). */
export function SubscriptionFrame(props: {
  step: SubscriptionStepName;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return <StepFrame steps={STEPS} {...props} />;
}
