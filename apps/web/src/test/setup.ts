import { notifications } from '@mantine/notifications';
import { afterEach, vi } from 'vitest';
import { initialSessionState, session } from '../session/session-state';
import { unmountAll } from './render';
import { XhrThroughFetch } from './xhr-through-fetch';

// Uploads (XMLHttpRequest, for their progress) go through the tests' fetch stub too.
globalThis.XMLHttpRequest = XhrThroughFetch as unknown as typeof XMLHttpRequest;

// Registered here, not where render() lives: a worker keeps its modules across files
// (isolate: false), so a module's own afterEach would be registered by the first file only.
afterEach(() => {
  unmountAll();
  notifications.clean(); // the toasts' store is a module of its own, shared across files
  session.update(initialSessionState());
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});
