import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { theme } from '../../../app/theme';
import { DrawingViewer } from './DrawingViewer';
import type { ViewerDrawing, ViewerLocation, ViewerStatus } from './pins';

/**
 * The page `npm run bench` opens in headless Chromium (e2e/bench/viewer.ts): the viewer alone,
 * on an A0 sheet at 150 dpi with the number of pins the address asks (?pins=5000), its statuses
 * in turn. It marks `viewer-start` before React mounts and `viewer-first-frame` on the first
 * frame the pins are drawn in, and leaves the figures on `window.viewerBench`.
 */
declare global {
  interface Window {
    viewerBench?: { firstFrameMs: number; pins: number };
  }
}

const STATUSES: ViewerStatus[] = [
  { id: 's0', name: 'Not started', type: 'PENDING', order: 0, color: 'grey', icon: 'pie-empty' },
  { id: 's1', name: 'Started', type: 'ACTIVE', order: 1, color: 'gold', icon: 'pie-3' },
  { id: 's2', name: 'Half way', type: 'ACTIVE', order: 2, color: 'orange', icon: 'pie-6' },
  { id: 's3', name: 'Snagging', type: 'ACTIVE', order: 3, color: 'red', icon: 'alert' },
  { id: 's4', name: 'Complete', type: 'COMPLETED', order: 4, color: 'green', icon: 'tick' },
  { id: 's5', name: 'Cancelled', type: 'CANCELLED', order: 5, color: 'taupe', icon: 'cross' },
];

const DRAWING: ViewerDrawing = { id: 'bench', name: 'A0 bench sheet', width: 7016, height: 4967 };

function locations(count: number): ViewerLocation[] {
  return Array.from({ length: count }, (_, index) => {
    const status = STATUSES[index % STATUSES.length] as ViewerStatus;
    return {
      id: `loc-${index}`,
      number: index + 1,
      reference: null,
      drawing_pos_top: ((index * 7919) % 1000) / 1000,
      drawing_pos_left: ((index * 104729) % 997) / 997,
      status: { id: status.id, name: status.name, type: status.type },
    };
  });
}

/**
 * A drawing-like sheet: a grid of rooms with walls, as a PNG (what a converted PDF page is), at
 * its full size or at a width (what the server's conversion query answers).
 */
async function sheetImage(width: number): Promise<string> {
  const full = DRAWING.width ?? 1000;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = Math.round(((DRAWING.height ?? 1000) * width) / full);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.scale(width / full, width / full);
  context.strokeStyle = '#333';
  for (let x = 0; x < full; x += 180) {
    context.lineWidth = x % 900 === 0 ? 8 : 2;
    context.strokeRect(x, 0, 180, DRAWING.height ?? 1000);
  }
  for (let y = 0; y < (DRAWING.height ?? 1000); y += 140) {
    context.lineWidth = y % 700 === 0 ? 8 : 2;
    context.strokeRect(0, y, full, 140);
  }
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  canvas.width = 0; // its memory goes now, not in the middle of the measured frames
  if (!blob) throw new Error('The sheet could not be drawn');
  return URL.createObjectURL(blob);
}

async function start() {
  const query = new URLSearchParams(location.search);
  const count = Number(query.get('pins') ?? 5000);
  const withImage = query.get('image') !== 'none';
  const pins = locations(count);
  const images = new Map<number | null, string>();
  if (withImage) {
    for (const width of [2560, null]) {
      images.set(width, await sheetImage(width ?? DRAWING.width ?? 1000));
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 500)); // the page settles before timing
  const root = document.getElementById('root');
  if (!root) return;
  performance.mark('viewer-start');
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme}>
        <DrawingViewer
          drawing={DRAWING}
          imageUrl={(width) => images.get(width) ?? 'data:,'}
          locations={pins}
          statuses={STATUSES}
          hidden={new Set()}
          height="100vh"
          canMove
          onFirstFrame={() => {
            const measure = performance.measure('viewer-first-frame', 'viewer-start');
            window.viewerBench = { firstFrameMs: measure.duration, pins: count };
          }}
        />
      </MantineProvider>
    </StrictMode>,
  );
}

void start();
