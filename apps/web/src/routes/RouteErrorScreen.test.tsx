import { MantineProvider } from '@mantine/core';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../session/session-state';
import { render, textOf, waitFor } from '../test/render';
import { RouteErrorScreen } from './RouteErrorScreen';

function Throws({ error }: { error: Error }): never {
  throw error;
}

async function showErrorFor(error: Error) {
  const router = createMemoryRouter([
    { path: '/', element: <Throws error={error} />, errorElement: <RouteErrorScreen /> },
  ]);
  await render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('RouteErrorScreen', () => {
  it('shows "New Version Available" when a lazily loaded chunk fails to load', async () => {
    await showErrorFor(
      new TypeError('Failed to fetch dynamically imported module: http://x/assets/unit.js'),
    );
    await waitFor(() => expect(textOf()).toContain('New Version Available'));
    expect(textOf()).toContain('clear your browser cache and refresh');
  });

  it('shows "Oops! Something went wrong" for anything else', async () => {
    await showErrorFor(new Error('boom'));
    await waitFor(() => expect(textOf()).toContain('Oops! Something went wrong'));
    expect(textOf()).toContain('live chat');
  });

  it('"Speak with us" opens the support chat when its handle is registered', async () => {
    const showMessages = vi.fn();
    session.update({ supportChat: { showMessages } });
    await showErrorFor(new Error('boom'));
    const button = await waitFor(() => {
      const found = [...document.querySelectorAll('button')].find((candidate) =>
        candidate.textContent?.includes('Speak with us'),
      );
      if (!found) throw new Error('no button yet');
      return found;
    });
    button.click();
    expect(showMessages).toHaveBeenCalledTimes(1);
  });
});
