import { Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { modals } from '../feedback/modals';

/**
 * While `dirty`, leaving the page asks first: a link or Back inside the app opens "Leave without
 * saving?" (Stay / Leave), closing or reloading the tab gets the browser's own question.
 * `allowNext()` lets the next navigation through unasked (after a save that moves to the record's
 * own address).
 */
export function useLeaveGuard(dirty: boolean, what = 'your changes') {
  const allowed = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allowed.current) {
      // One navigation goes through unasked, then the guard holds again.
      allowed.current = false;
      return false;
    }
    return dirty && currentLocation.pathname !== nextLocation.pathname;
  });

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let decided = false;
    modals.openConfirmModal({
      title: 'Leave without saving?',
      children: <Text size="sm">If you leave this page, {what} will be lost.</Text>,
      labels: { confirm: 'Leave', cancel: 'Stay' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        decided = true;
        blocker.proceed();
      },
      onCancel: () => {
        decided = true;
        blocker.reset();
      },
      // Escape or the close button: stay.
      onClose: () => {
        if (!decided) blocker.reset();
      },
    });
  }, [blocker, what]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return {
    allowNext: () => {
      allowed.current = true;
    },
  };
}
