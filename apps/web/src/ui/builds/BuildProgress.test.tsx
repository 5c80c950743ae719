import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makeBuild, readyBuild } from '../../test/builds';
import { render } from '../../test/render';
import { BuildProgress } from './BuildProgress';

const show = (build: ReturnType<typeof makeBuild>, onRetry = vi.fn()) =>
  render(
    <MantineProvider>
      <BuildProgress build={build} url="http://files.test/builds/1" onRetry={onRetry} />
    </MantineProvider>,
  );

const buttonNamed = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll('button, a')].find((element) =>
    element.textContent?.includes(name),
  );

describe('BuildProgress', () => {
  it('shows how far the build has got, in words, and reads it out', async () => {
    const running = makeBuild({
      status: 'RUNNING',
      progress: { done: 1234, total: 5000, message: null },
    });
    const container = await show(running);
    expect(container.textContent).toContain('Building…');
    expect(container.textContent).toContain('1,234 of 5,000 rows');
    expect(container.textContent).not.toContain('RUNNING');
    expect(container.querySelector('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
    expect(container.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe(
      '25',
    );
  });

  it('offers the file with its name and size once it is ready', async () => {
    const container = await show(readyBuild(makeBuild()));
    const download = buttonNamed(container, 'Download clients.csv (47 KB)');
    expect(download?.getAttribute('href')).toBe('http://files.test/clients.csv?signature=abc');
    expect(buttonNamed(container, 'Copy link')).toBeDefined();
    expect(container.querySelector('[role="progressbar"]')).toBeNull();
  });

  it('says why a build failed and asks for it again on "Try again"', async () => {
    const onRetry = vi.fn();
    const failed = makeBuild({ status: 'FAILED', exception: 'The export timed out.' });
    const container = await show(failed, onRetry);
    expect(container.textContent).toContain('Failed');
    expect(container.textContent).toContain('The export timed out.');
    expect(buttonNamed(container, 'Copy link')).toBeUndefined();
    await act(async () => (buttonNamed(container, 'Try again') as HTMLElement).click());
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
