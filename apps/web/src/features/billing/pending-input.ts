import { useEffect, useRef } from 'react';
import type { MutableRefObject } from 'react';

/**
 * Saves what a checkout form holds but was not saved yet; resolves false when it could not (its
 * errors then show beside its fields). A form with nothing typed resolves true.
 */
export type SavePendingInput = () => Promise<boolean>;
export type PendingInputRef = MutableRefObject<SavePendingInput | null>;

/** An open form hands its "save what is typed" to the page through a ref while it is shown. */
export function useRegisterPendingInput(ref: PendingInputRef | undefined, save: SavePendingInput) {
  useEffect(() => {
    if (!ref) return undefined;
    ref.current = save;
    return () => {
      ref.current = null;
    };
  });
}

/**
 * The checkout's billing-details and card forms: subscribing first saves what they hold, in that
 * order, so a subscription never starts without what the owner typed on the page.
 */
export function usePendingCheckoutInput() {
  const details = useRef<SavePendingInput | null>(null);
  const card = useRef<SavePendingInput | null>(null);
  const saveAll = async (): Promise<boolean> => {
    for (const pending of [details, card]) {
      if (pending.current && !(await pending.current())) return false;
    }
    return true;
  };
  return { details, card, saveAll };
}
