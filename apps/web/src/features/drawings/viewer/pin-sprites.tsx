import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { STATUS_COLOUR_HEX, StatusIcon } from '../../projects';
import type { ViewerStatus } from './pins';

/** A pin's radius in CSS pixels; the hit area is the same circle. */
export const PIN_RADIUS = 11;
/** How a pin without a known status is drawn. */
export const NO_STATUS_COLOUR = '#495057';

/**
 * One pin per status, drawn once as a bitmap (a white disc, a ring in the status's colour and its
 * icon inside, at the screen's pixel ratio) so that thousands of pins cost one drawImage each.
 */
export type PinSprites = ReadonlyMap<string, CanvasImageSource>;

export async function makePinSprites(statuses: readonly ViewerStatus[]): Promise<PinSprites> {
  const ratio = Math.max(1, Math.ceil(globalThis.devicePixelRatio || 1));
  const entries = await Promise.all(
    statuses.map(async (status) => {
      const colour = STATUS_COLOUR_HEX[status.color];
      const sprite = await pinSprite(colour, iconMarkup(status, colour), ratio);
      return [status.id, sprite] as const;
    }),
  );
  const none = await pinSprite(NO_STATUS_COLOUR, null, ratio);
  return new Map<string, CanvasImageSource>([...entries, ['none', none]]);
}

/** The status icon's SVG, rendered by the same component the settings and legend use. */
function iconMarkup(status: ViewerStatus, colour: string): string {
  const host = document.createElement('div');
  const root = createRoot(host);
  flushSync(() => root.render(<StatusIcon icon={status.icon} color={colour} size={24} />));
  const markup = host.innerHTML
    .replace('<svg ', '<svg xmlns="http://www.w3.org/2000/svg" ')
    .replace(/currentColor/g, colour);
  root.unmount();
  return markup;
}

async function pinSprite(
  colour: string,
  icon: string | null,
  ratio: number,
): Promise<CanvasImageSource> {
  const size = (PIN_RADIUS * 2 + 2) * ratio;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) return canvas;
  const centre = size / 2;
  context.beginPath();
  context.arc(centre, centre, PIN_RADIUS * ratio - ratio, 0, Math.PI * 2);
  context.fillStyle = '#ffffff';
  context.fill();
  context.lineWidth = 3 * ratio;
  context.strokeStyle = colour;
  context.stroke();
  if (icon) {
    const image = await loadSvg(icon);
    const side = PIN_RADIUS * 1.25 * ratio;
    if (image) context.drawImage(image, centre - side / 2, centre - side / 2, side, side);
  } else {
    context.beginPath();
    context.arc(centre, centre, 3 * ratio, 0, Math.PI * 2);
    context.fillStyle = colour;
    context.fill();
  }
  return canvas;
}

/** An SVG as an image; null where the browser cannot decode it (the ring alone still shows). */
function loadSvg(markup: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => resolve(null);
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
  });
}
