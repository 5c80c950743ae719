import { useSyncExternalStore } from 'react';
import { session } from './session-state';
import type { SessionState } from './session-state';

/** The shared client state, re-rendering the caller when it changes. */
export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get);
}
