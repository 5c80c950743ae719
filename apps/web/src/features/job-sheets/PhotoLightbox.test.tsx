import { MantineProvider } from '@mantine/core';
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, waitFor } from '../../test/render';
import { PhotoLightbox } from './PhotoLightbox';

const photos = ['Hinge', 'Seal', 'Frame'].map((caption, i) => ({
  id: String(i),
  url: `blob:${caption}`,
  caption,
}));

function Viewer() {
  const [index, setIndex] = useState<number | null>(0);
  return (
    <PhotoLightbox
      photos={photos}
      index={index}
      onIndex={setIndex}
      onClose={() => setIndex(null)}
    />
  );
}

const press = (key: string) =>
  act(async () => {
    window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  });
const title = () => document.querySelector('.mantine-Modal-title')?.textContent;

describe('the photo viewer', () => {
  it('goes to the next and previous photo with the arrow keys, round the ends', async () => {
    await render(
      <MantineProvider>
        <Viewer />
      </MantineProvider>,
    );
    await waitFor(() => expect(title()).toBe('Hinge (1 of 3)'));
    await press('ArrowRight');
    expect(title()).toBe('Seal (2 of 3)');
    await press('ArrowLeft');
    await press('ArrowLeft');
    expect(title()).toBe('Frame (3 of 3)');
  });
});

describe('the photo viewer: evidence', () => {
  it('shows the caption, time and place, zooms, offers the original and saves a new caption', async () => {
    const saved: Array<[string, string | null]> = [];
    function Evidence() {
      const [note, setNote] = useState<string | null>('Cracked panel');
      return (
        <PhotoLightbox
          photos={[
            {
              id: 'p1',
              url: 'blob:door',
              caption: 'Door photos',
              note,
              takenAt: '2026-11-29T09:15:00.000Z',
              location: { latitude: 51.5072, longitude: -0.1276, accuracy: 12.4 },
              downloadUrl: 'https://files.example/original.jpg',
            },
          ]}
          index={0}
          onIndex={() => undefined}
          onClose={() => undefined}
          onCaption={async (id, caption) => {
            saved.push([id, caption]);
            setNote(caption);
          }}
        />
      );
    }
    await render(
      <MantineProvider>
        <Evidence />
      </MantineProvider>,
    );
    const details = () => document.querySelector('[data-testid="photo-details"]')?.textContent;
    await waitFor(() => expect(details()).toContain('Cracked panel'));
    expect(details()).toContain('51.50720, -0.12760 (within 12 m)');
    expect(details()).toMatch(/Taken .*2026/);
    expect(details()).not.toContain('2026-11-29T');
    const download = document.querySelector<HTMLAnchorElement>('a[download]')!;
    expect(download.href).toBe('https://files.example/original.jpg');
    const zoom = () => document.querySelector<HTMLButtonElement>('[aria-label^="Zoom"]')!;
    expect(zoom().getAttribute('aria-label')).toBe('Zoom in');
    await act(async () => zoom().click());
    expect(zoom().getAttribute('aria-label')).toBe('Zoom out');
    expect(document.querySelector('[aria-label="Door photos, zoomed in"]')).not.toBeNull();

    const buttonNamed = (name: string) =>
      [...document.querySelectorAll('button')].find((b) => b.textContent === name)!;
    await act(async () => buttonNamed('Edit caption').click());
    const textarea = document.querySelector('textarea')!;
    await act(async () => {
      const descriptor = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value');
      descriptor?.set?.call(textarea, 'Cracked vision panel');
      textarea.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => buttonNamed('Save caption').click());
    await waitFor(() => expect(details()).toContain('Cracked vision panel'));
    expect(saved).toEqual([['p1', 'Cracked vision panel']]);
  });
});
