import { useEffect, useState } from 'react';

/**
 * A control bound to a value kept in the address (a list's filter) that moves at the click: the
 * router changes the address in a transition, a moment later, and a switch or checkbox bound to
 * it alone sprang back until then. Answers what the control shows and how to change it.
 */
export function useImmediate<T>(value: T, change: (next: T) => void) {
  const [shown, setShown] = useState(value);
  useEffect(() => setShown(value), [value]);
  return [
    shown,
    (next: T) => {
      setShown(next);
      change(next);
    },
  ] as const;
}
