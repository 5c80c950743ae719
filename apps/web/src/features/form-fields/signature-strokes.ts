/**
 * The signature pad's drawing as data: strokes of points in the pad's CSS pixels. Pointer events
 * add to it, undo takes the last stroke away, and it is drawn onto a canvas (the pad's own, and
 * the export's), so what is saved is exactly what was seen.
 */
export interface Point {
  x: number;
  y: number;
}
export type Strokes = readonly (readonly Point[])[];

export const startStroke = (strokes: Strokes, point: Point): Strokes => [...strokes, [point]];

/** Adds a point to the stroke being drawn (none is being drawn: nothing changes). */
export function extendStroke(strokes: Strokes, point: Point): Strokes {
  const last = strokes.at(-1);
  if (!last) return strokes;
  const previous = last.at(-1);
  if (previous && previous.x === point.x && previous.y === point.y) return strokes;
  return [...strokes.slice(0, -1), [...last, point]];
}

export const undoStroke = (strokes: Strokes): Strokes => strokes.slice(0, -1);

export const hasInk = (strokes: Strokes) => strokes.length > 0;

/** The 2D context calls the pad needs (a real canvas's context, or a recorder in tests). */
export interface StrokeSurface {
  lineWidth: number;
  lineCap: CanvasLineCap;
  lineJoin: CanvasLineJoin;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  fillStyle: string | CanvasGradient | CanvasPattern;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, radius: number, start: number, end: number): void;
  fill(): void;
  stroke(): void;
}

export const INK = '#1a1b1e';
export const LINE_WIDTH = 2.5;

/** Draws every stroke; a single tap becomes a dot. */
export function drawStrokes(surface: StrokeSurface, strokes: Strokes) {
  surface.lineWidth = LINE_WIDTH;
  surface.lineCap = 'round';
  surface.lineJoin = 'round';
  surface.strokeStyle = INK;
  surface.fillStyle = INK;
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    surface.beginPath();
    if (rest.length === 0) {
      surface.arc(first.x, first.y, LINE_WIDTH / 2, 0, Math.PI * 2);
      surface.fill();
      continue;
    }
    surface.moveTo(first.x, first.y);
    for (const point of rest) surface.lineTo(point.x, point.y);
    surface.stroke();
  }
}
