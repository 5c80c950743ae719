import { describe, expect, it } from 'vitest';
import {
  drawStrokes,
  extendStroke,
  hasInk,
  startStroke,
  undoStroke,
  type StrokeSurface,
} from './signature-strokes';

function recorder() {
  const calls: string[] = [];
  const surface: StrokeSurface = {
    lineWidth: 0,
    lineCap: 'butt',
    lineJoin: 'miter',
    strokeStyle: '',
    fillStyle: '',
    beginPath: () => calls.push('begin'),
    moveTo: (x, y) => calls.push(`move ${x},${y}`),
    lineTo: (x, y) => calls.push(`line ${x},${y}`),
    arc: (x, y) => calls.push(`dot ${x},${y}`),
    fill: () => calls.push('fill'),
    stroke: () => calls.push('stroke'),
  };
  return { calls, surface };
}

describe('signature strokes', () => {
  it('draws each stroke as a line and a tap as a dot', () => {
    let strokes = startStroke([], { x: 1, y: 1 });
    strokes = extendStroke(strokes, { x: 5, y: 2 });
    strokes = extendStroke(strokes, { x: 5, y: 2 });
    strokes = startStroke(strokes, { x: 9, y: 9 });
    const { calls, surface } = recorder();
    drawStrokes(surface, strokes);
    expect(calls).toEqual(['begin', 'move 1,1', 'line 5,2', 'stroke', 'begin', 'dot 9,9', 'fill']);
  });

  it('undoes the last stroke only; nothing to extend before a stroke starts', () => {
    const strokes = startStroke(startStroke([], { x: 1, y: 1 }), { x: 2, y: 2 });
    expect(undoStroke(strokes)).toEqual([[{ x: 1, y: 1 }]]);
    expect(hasInk(undoStroke(undoStroke(strokes)))).toBe(false);
    expect(extendStroke([], { x: 1, y: 1 })).toEqual([]);
  });
});
