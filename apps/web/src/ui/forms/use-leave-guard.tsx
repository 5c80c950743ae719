import { Text } from '@mantine/core';
import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext, type To } from 'react-router-dom';
import { modals } from '../feedback/modals';

const pathOf = (to: To) =>
  typeof to === 'string' ? new URL(to, window.location.href).pathname : to.pathname;

/**
 * While `dirty`, leaving the page asks first: any move inside the app (a link, a tab, Back from
 * a button) opens "Leave without saving?" (Stay / Leave); closing or reloading the tab gets the
 * browser's own question. The app's declarative router has no blocker (a data router would cost
 * the first load 16 KB), so the guard holds the router's navigator while there is something to
 * lose. `allowNext()` lets the next move through unasked (after a save that changes address).
 */
export function useLeaveGuard(dirty: boolean, what = 'your changes') {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const allowed = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const push = navigator.push.bind(navigator);
    const replace = navigator.replace.bind(navigator);
    // The navigator's own methods, put back as they were when nothing is left to lose.
    const original = Object.getOwnPropertyDescriptors(navigator);
    const ask = (to: To, go: () => void) => {
      if (allowed.current || pathOf(to) === window.location.pathname) {
        allowed.current = false;
        return go();
      }
      modals.openConfirmModal({
        title: 'Leave without saving?',
        children: <Text size="sm">If you leave this page, {what} will be lost.</Text>,
        labels: { confirm: 'Leave', cancel: 'Stay' },
        confirmProps: { color: 'red' },
        onConfirm: go,
      });
    };
    navigator.push = (to, state, options) => ask(to, () => push(to, state, options));
    navigator.replace = (to, state, options) => ask(to, () => replace(to, state, options));
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => {
      Object.defineProperties(navigator, original);
      window.removeEventListener('beforeunload', warn);
    };
  }, [dirty, navigator, what]);

  return {
    allowNext: () => {
      allowed.current = true;
    },
  };
}
