import { Suspense, lazy } from 'react';

// The stream's code loads after the shell, in a chunk of its own (first-load budget).
const LiveUpdatesStream = lazy(() => import('./LiveUpdatesStream'));

/** Keeps counts and lists current while others change them (GET /events); renders nothing. */
export function LiveUpdates() {
  return (
    <Suspense fallback={null}>
      <LiveUpdatesStream />
    </Suspense>
  );
}
