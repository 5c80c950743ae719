import { Suspense, lazy } from 'react';

// The bell's query code loads after the shell, in a chunk of its own (first-load budget).
const NotificationBellBadge = lazy(() => import('./NotificationBellBadge'));

/** The header's notifications bell with the unread count. */
export function NotificationBell() {
  return (
    <Suspense fallback={null}>
      <NotificationBellBadge />
    </Suspense>
  );
}
