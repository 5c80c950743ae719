import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { render } from '../../test/render';
import { ErrorState } from './ErrorState';

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
});
