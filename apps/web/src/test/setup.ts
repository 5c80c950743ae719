import { afterEach, vi } from 'vitest';
import { initialSessionState, session } from '../session/session-state';

afterEach(() => {
  session.update(initialSessionState());
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});
