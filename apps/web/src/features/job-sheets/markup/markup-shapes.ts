import type { PhotoMarkupShape, PhotoMarkupShapeType } from '@fieldwork/contract';

/** Where on the photo, in fractions of its width (x) and height (y) from the top left. */
export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** The colours offered, with the names people read (the contract lists the same values). */
export const MARKUP_COLOR_NAMES: Record<PhotoMarkupShape['color'], string> = {
  '#e03131': 'Red',
  '#fab005': 'Yellow',
  '#ffffff': 'White',
  '#000000': 'Black',
};

/** A text's height when placed: a twentieth of the photo's height reads on a phone and a report. */
export const TEXT_SIZE = 0.05;
/** Shorter drags than this (a fraction of the width) are taps, not shapes. */
const SMALLEST = 0.01;

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/** A pointer at stage pixels as a point on the photo (clamped to it). */
export const pointOn = (stage: Size, x: number, y: number): Point => ({
  x: clamp(x / stage.width),
  y: clamp(y / stage.height),
});

/** A point on the photo in stage pixels. */
export const pixelsOf = (stage: Size, point: Point) => ({
  x: point.x * stage.width,
  y: point.y * stage.height,
});

/** Line widths scale with the picture, so the copy looks as the person drew it at any size. */
export const strokeWidthOf = (stage: Size) => Math.max(3, stage.width * 0.008);

/**
 * The shape a drag from `from` to `to` draws with the tool, or null when it is too small to
 * mean anything (a tap). A circle is centred where the drag started; its radius is in widths.
 */
export function shapeOfDrag(
  tool: Exclude<PhotoMarkupShapeType, 'TEXT'>,
  color: PhotoMarkupShape['color'],
  from: Point,
  to: Point,
  photo: Size,
): PhotoMarkupShape | null {
  const dx = to.x - from.x;
  // Distances in widths: a fraction of height is height/width of a fraction of width.
  const dy = ((to.y - from.y) * photo.height) / photo.width;
  const length = Math.hypot(dx, dy);
  if (length < SMALLEST) return null;
  if (tool === 'ARROW') return { type: 'ARROW', color, from, to };
  return { type: 'CIRCLE', color, center: from, radius: Math.min(1, length) };
}

/** A text placed with its top left at `at`. */
export function textAt(
  color: PhotoMarkupShape['color'],
  at: Point,
  text: string,
): PhotoMarkupShape | null {
  const trimmed = text.trim();
  return trimmed ? { type: 'TEXT', color, at, text: trimmed, size: TEXT_SIZE } : null;
}

/** The stage's size for a photo fitted in a box (never wider or taller than the box). */
export function fitted(photo: Size, box: Size): Size {
  const scale = Math.min(box.width / photo.width, box.height / photo.height);
  return { width: Math.round(photo.width * scale), height: Math.round(photo.height * scale) };
}

/** "3 shapes": what the editor says it holds. */
export const shapeCount = (count: number) =>
  count === 0 ? 'Nothing drawn yet' : count === 1 ? '1 shape' : `${count} shapes`;
