import { Image, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { fetchPdfPage } from './documents-api';

/** The most pages a preview shows. */
const MAX_PAGES = 60;

/**
 * A PDF shown as its pages, each an image the API converts (a page at a width, as PNG), loaded
 * one after another until the last: no PDF plugin or frame, so it works on phones and inside
 * the web app's Content-Security-Policy (images from blob: addresses).
 */
export function PdfPages({
  path,
  title,
  width = 900,
}: {
  path: string;
  title: string;
  width?: number;
}) {
  const [pages, setPages] = useState<string[]>([]);
  const [done, setDone] = useState(false);
  useEffect(() => {
    let cancelled = false;
    const loaded: string[] = [];
    setPages([]);
    setDone(false);
    void (async () => {
      for (let page = 1; page <= MAX_PAGES && !cancelled; page += 1) {
        const url = await fetchPdfPage(path, page, width);
        if (!url || cancelled) break;
        // Decoded first, the page comes in at its height at once: what sits below it (a
        // signature pad) moves once per page, not again when the image has loaded.
        await decoded(url);
        if (cancelled) break;
        loaded.push(url);
        setPages([...loaded]);
      }
      if (!cancelled) setDone(true);
    })();
    return () => {
      cancelled = true;
      for (const url of loaded) URL.revokeObjectURL(url);
    };
  }, [path, width]);
  return (
    <Stack gap="sm" data-testid="pdf-pages">
      {pages.map((url, index) => (
        <Image
          key={url}
          src={url}
          alt={`${title}, page ${index + 1}`}
          radius="sm"
          style={{ border: '1px solid var(--mantine-color-gray-3)' }}
        />
      ))}
      {!done && <Loader size="sm" role="status" aria-label="Loading the pages" />}
      {done && pages.length === 0 && <Text c="dimmed">The document could not be shown.</Text>}
    </Stack>
  );
}

/** Waits until the image at the address is decoded (a broken one is shown as it is). */
function decoded(url: string): Promise<void> {
  const image = new window.Image();
  image.src = url;
  return image.decode().catch(() => undefined);
}
