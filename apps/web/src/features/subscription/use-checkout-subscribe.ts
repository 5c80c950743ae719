import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { serverErrorsFor } from '../../ui/forms/server-errors';
import { useSubscribe, usePendingCheckoutInput } from '../billing';
import { subscriptionPath } from '../../app/plan-paths';
import type { SignupSuccessState } from './SignupSuccessPage';
import { usePlan } from '../../session/use-plan';

/**
 * Subscribing from a checkout page (the plan's sign-up, the set-up's billing step): what is typed
 * in the details and card forms is saved first (a refusal stops there), then the subscription is
 * started and the browser follows the provider's page, or goes to the success page.
 */
export function useCheckoutSubscribe({ newFlow }: { newFlow: boolean }) {
  const { organisation } = usePlan();
  const navigate = useNavigate();
  const subscribe = useSubscribe();
  const pendingInput = usePendingCheckoutInput();
  const [savingInput, setSavingInput] = useState(false);
  const errors = subscribe.error ? serverErrorsFor(subscribe.error, ['seats'] as const) : null;

  async function start(seats: number) {
    setSavingInput(true);
    const saved = await pendingInput.saveAll().finally(() => setSavingInput(false));
    if (!saved) return;
    subscribe.mutate(
      { seats, newFlow },
      {
        onSuccess: (answer) => {
          if (answer.url) {
            window.location.assign(answer.url);
            return;
          }
          const state: SignupSuccessState = { subscribed: answer };
          void navigate(subscriptionPath(organisation.slug, 'signup/success'), { state });
        },
      },
    );
  }

  return {
    start,
    pendingInput,
    errors,
    /** Clears the last refusal (the seats changed). */
    reset: subscribe.reset,
    starting: savingInput || subscribe.isPending,
  };
}
