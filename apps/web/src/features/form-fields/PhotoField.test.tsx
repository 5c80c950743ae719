import { MantineProvider } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../../test/render';
import { PhotoField } from './PhotoField';
import type { PhotoItem } from './photo-queue';

const failed = (retryable: boolean, error: string): PhotoItem => ({
  key: 'local-1',
  status: 'failed',
  progress: 0.4,
  thumbnailUrl: 'blob:photo',
  error,
  retryable,
});

const show = (item: PhotoItem) =>
  render(
    <MantineProvider>
      <PhotoField
        label="Photo of the door"
        items={[item]}
        onAdd={vi.fn()}
        onRetry={vi.fn()}
        onRemove={vi.fn()}
      />
    </MantineProvider>,
  );

const buttons = (container: HTMLElement) =>
  [...container.querySelectorAll('button')].map(
    (button) => button.getAttribute('aria-label') ?? button.textContent,
  );

describe('PhotoField', () => {
  it('says why a refused photo was refused and offers only its removal, without a broken image', async () => {
    const reason = 'HEIC photos are not accepted: set the camera to "Most compatible" (JPEG).';
    const container = await show(failed(false, reason));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(reason);
    expect(buttons(container)).toEqual(['Remove photo', 'Take photo', 'Choose']);
    expect(container.querySelector('img')).toBeNull();
  });

  it('offers Retry for an upload that was cut off', async () => {
    const container = await show(failed(true, 'The upload was cut off.'));
    expect(buttons(container)).toContain('Retry');
    expect(buttons(container)).toContain('Remove photo');
  });
});
