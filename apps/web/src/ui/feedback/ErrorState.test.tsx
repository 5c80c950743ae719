import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { render } from '../../test/render';
import { ErrorState, QueryErrorState } from './ErrorState';

const hasTryAgain = (container: HTMLElement) =>
  [...container.querySelectorAll('button')].some((button) => button.textContent === 'Try again');

describe('ErrorState', () => {
  it('offers "Try again" for a failure that may pass', async () => {
    const error = new ApiError(503, { message: 'Busy' }, 'Busy');
    const container = await render(
      <MantineProvider>
        <ErrorState title="Could not load" error={error} onRetry={() => undefined} />
      </MantineProvider>,
    );
    expect(hasTryAgain(container)).toBe(true);
  });

  it('does not offer "Try again" for a record that does not exist (404)', async () => {
    const error = new ApiError(404, { message: 'Client not found' }, 'Not found');
    const container = await render(
      <MantineProvider>
        <ErrorState title="Could not load this client" error={error} onRetry={() => undefined} />
      </MantineProvider>,
    );
    expect(hasTryAgain(container)).toBe(false);
    expect(container.textContent).toContain('does not exist or has been deleted');
  });

  it('refetches a failed query on "Try again"', async () => {
    const query = { error: new ApiError(503, { message: 'Busy' }, 'Busy'), refetch: vi.fn() };
    const container = await render(
      <MantineProvider>
        <QueryErrorState title="Could not load" query={query} />
      </MantineProvider>,
    );
    const tryAgain = [...container.querySelectorAll('button')].find(
      (button) => button.textContent === 'Try again',
    );
    act(() => tryAgain?.click());
    expect(query.refetch).toHaveBeenCalledTimes(1);
  });
});
