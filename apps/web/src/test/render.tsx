import { act } from 'react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

// React only batches act() updates when told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mounted: Array<() => void> = [];

/** Unmounts what the test rendered (test/setup.ts runs it after each test of every file). */
export function unmountAll() {
  for (const unmount of mounted.splice(0)) unmount();
}

/** Renders into a fresh container of the happy-dom document; unmounted after each test. */
export async function render(node: ReactNode): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(node));
  mounted.push(() => {
    act(() => root.unmount());
    container.remove();
  });
  return container;
}

/**
 * Waits until `check` stops throwing (React, queries and lazy imports settle asynchronously). The
 * first render of a lazily imported page is transformed on demand: 2 s was overrun on a loaded
 * machine.
 */
export async function waitFor<T>(check: () => T, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    }
  }
}

export function textOf(element: HTMLElement = document.body): string {
  return element.textContent ?? '';
}
