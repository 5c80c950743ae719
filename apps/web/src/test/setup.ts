import { notifications } from '@mantine/notifications';
import { afterEach, vi } from 'vitest';
import { initialSessionState, session } from '../session/session-state';
import { unmountAll } from './render';
import { XhrThroughFetch } from './xhr-through-fetch';

// Uploads (XMLHttpRequest, for their progress) go through the tests' fetch stub too.
globalThis.XMLHttpRequest = XhrThroughFetch as unknown as typeof XMLHttpRequest;

// Mantine's focus trap warns, with the whole element, when a popover's dropdown is still
// display: none as it opens: tests run transitions in no time, so it is always so here, and
// happy-dom prints the element as some 5,000 lines (most of the CI log). Only that warning goes.
const QUIET = '[@mantine/hooks/use-focus-trap] Failed to find focusable element';
const quieted = globalThis as { focusTrapWarningQuieted?: boolean };
if (!quieted.focusTrapWarningQuieted) {
  quieted.focusTrapWarningQuieted = true; // once per worker: setup runs again for every file
  const warn = console.warn.bind(console);
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith(QUIET)) return;
    warn(...args);
  };
}

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
