import { Suspense, lazy } from 'react';

// The count's query code loads after the shell, in a chunk of its own.
const InboxCountBadge = lazy(() => import('./InboxCountBadge'));

/** How many things wait in the signed-in member's inbox, beside the navigation link. */
export function InboxCount() {
  return (
    <Suspense fallback={null}>
      <InboxCountBadge />
    </Suspense>
  );
}
