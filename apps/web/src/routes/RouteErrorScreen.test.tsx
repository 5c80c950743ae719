import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { MemoryRouter, useNavigate, useRoutes } from 'react-router-dom';
import type { NavigateFunction } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../session/session-state';
import { render, textOf, waitFor } from '../test/render';
import { RouteErrorBoundary } from './RouteErrorScreen';

function Throws({ error }: { error: Error }): never {
  throw error;
}

let navigate: NavigateFunction | undefined;

function Routes({ error }: { error: Error }) {
  navigate = useNavigate();
  return useRoutes([
    {
      element: <RouteErrorBoundary />,
      children: [
        { path: '/', element: <Throws error={error} /> },
        { path: '/fine', element: <p>A page that renders</p> },
      ],
    },
  ]);
}

async function showErrorFor(error: Error) {
  await render(
    <MantineProvider>
      <MemoryRouter>
        <Routes error={error} />
      </MemoryRouter>
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

  it('clears the error when the location changes', async () => {
    await showErrorFor(new Error('boom'));
    await waitFor(() => expect(textOf()).toContain('Oops! Something went wrong'));
    await act(async () => {
      await navigate!('/fine');
    });
    await waitFor(() => expect(textOf()).toContain('A page that renders'));
    expect(textOf()).not.toContain('Oops!');
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
