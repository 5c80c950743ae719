import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { render, textOf, waitFor } from '../../test/render';
import { FileDrop } from './FileDrop';
import type { FileSender } from './use-upload-queue';

const RULES = {
  accept: ['image/png', 'image/jpeg'],
  acceptLabel: 'PNG or JPEG',
  maxBytes: 1024 * 1024,
  noun: 'image',
};

const png = (name = 'logo.png', bytes = 4) =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png' });

async function show(send: FileSender) {
  return render(
    <MantineProvider>
      <FileDrop label="Report logo" rules={RULES} send={send} />
    </MantineProvider>,
  );
}

function choose(container: HTMLElement, file: File) {
  const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  act(() => {
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const button = (name: string) =>
  [...document.querySelectorAll('button')].find((element) => element.textContent === name);

const refusal = (status: number, body: unknown) => new ApiError(status, body, 'Refused');

describe('FileDrop', () => {
  it('says what it accepts and shows each file’s progress, read out as it changes', async () => {
    let report: (fraction: number) => void = () => undefined;
    let finish: () => void = () => undefined;
    const send = vi.fn<FileSender>(
      (_file, onProgress) =>
        new Promise((resolve) => {
          report = onProgress;
          finish = () => resolve(undefined);
        }),
    );
    const container = await show(send);
    expect(textOf(container)).toContain('PNG or JPEG, up to 1 MB');
    choose(container, png());
    await waitFor(() => expect(textOf(container)).toContain('logo.png'));
    act(() => report(0.4));
    const bar = container.querySelector('[role="progressbar"]');
    expect(bar?.getAttribute('aria-label')).toBe('Uploading logo.png');
    expect(bar?.getAttribute('aria-valuenow')).toBe('40');
    expect(container.querySelector('[aria-live="polite"]')).not.toBeNull();
    await act(async () => finish());
    await waitFor(() => expect(textOf(container)).not.toContain('logo.png'));
  });

  it("shows the server's reason for a refused type, with Remove and no Retry", async () => {
    const message = 'The file is not a PNG or JPEG image. Send HEIC photos as JPEG.';
    const send = vi.fn<FileSender>(() =>
      Promise.reject(
        refusal(422, { errors: [{ field: 'file', code: 'unsupported_type', message }] }),
      ),
    );
    const container = await show(send);
    choose(container, png('photo.png'));
    await waitFor(() => expect(textOf(container)).toContain(message));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(message);
    expect(button('Retry')).toBeUndefined();
    await act(async () => button('Remove')?.click());
    expect(textOf(container)).not.toContain('photo.png');
  });

  it('refuses a file too large or of another type before sending it', async () => {
    const send = vi.fn<FileSender>(() => Promise.resolve());
    const container = await show(send);
    choose(container, png('huge.png', 2 * 1024 * 1024));
    await waitFor(() =>
      expect(textOf(container)).toContain('The image is larger than 1 MB (it is 2 MB).'),
    );
    choose(container, new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }));
    await waitFor(() => expect(textOf(container)).toContain('Choose a PNG or JPEG image.'));
    expect(send).not.toHaveBeenCalled();
    expect(button('Retry')).toBeUndefined();
  });

  it("shows the server's size limit (413) without a Retry", async () => {
    const send = vi.fn<FileSender>(() =>
      Promise.reject(
        refusal(413, { code: 'file_too_large', message: 'A file is larger than 1 MB.' }),
      ),
    );
    const container = await show(send);
    choose(container, png());
    await waitFor(() => expect(textOf(container)).toContain('A file is larger than 1 MB.'));
    expect(button('Retry')).toBeUndefined();
  });

  it('offers Retry after a lost connection or a server fault, and sends the file again', async () => {
    const send = vi
      .fn<FileSender>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(refusal(503, { message: 'The service is busy.' }))
      .mockResolvedValueOnce(undefined);
    const container = await show(send);
    choose(container, png());
    await waitFor(() => expect(textOf(container)).toContain('check the connection'));
    await act(async () => button('Retry')?.click());
    await waitFor(() => expect(textOf(container)).toContain('The service is busy.'));
    await act(async () => button('Retry')?.click());
    await waitFor(() => expect(textOf(container)).not.toContain('logo.png'));
    expect(send).toHaveBeenCalledTimes(3);
    expect(send.mock.calls.every(([file]) => file.name === 'logo.png')).toBe(true);
  });
});
