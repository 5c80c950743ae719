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
