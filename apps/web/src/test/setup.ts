import { afterEach, vi } from 'vitest';
import { initialSessionState, session } from '../session/session-state';
import { XhrThroughFetch } from './xhr-through-fetch';

// Uploads (XMLHttpRequest, for their progress) go through the tests' fetch stub too.
globalThis.XMLHttpRequest = XhrThroughFetch as unknown as typeof XMLHttpRequest;

afterEach(() => {
  session.update(initialSessionState());
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});
