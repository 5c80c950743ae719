import { describe, expect, it } from 'vitest';
import { fitted, pointOn, shapeCount, shapeOfDrag, textAt } from './markup-shapes';

const photo = { width: 4000, height: 3000 };

describe('markup shapes', () => {
  it('turns a drag into an arrow or a circle in fractions of the photo, and a tap into nothing', () => {
    const from = { x: 0.25, y: 0.5 };
    const to = { x: 0.75, y: 0.5 };
    expect(shapeOfDrag('ARROW', '#e03131', from, to, photo)).toEqual({
      type: 'ARROW',
      color: '#e03131',
      from,
      to,
    });
    // A vertical drag of half the height is 0.375 of the width on a 4:3 photo.
    expect(shapeOfDrag('CIRCLE', '#fab005', from, { x: 0.25, y: 1 }, photo)).toEqual({
      type: 'CIRCLE',
      color: '#fab005',
      center: from,
      radius: 0.375,
    });
    expect(shapeOfDrag('ARROW', '#e03131', from, { x: 0.252, y: 0.501 }, photo)).toBeNull();
  });

  it('places trimmed text, refuses none, clamps pointers to the photo and fits the stage', () => {
    expect(textAt('#ffffff', { x: 0.1, y: 0.2 }, '  Crack  ')).toMatchObject({
      type: 'TEXT',
      text: 'Crack',
      at: { x: 0.1, y: 0.2 },
    });
    expect(textAt('#ffffff', { x: 0.1, y: 0.2 }, '   ')).toBeNull();
    expect(pointOn({ width: 400, height: 300 }, 500, -20)).toEqual({ x: 1, y: 0 });
    expect(fitted(photo, { width: 800, height: 450 })).toEqual({ width: 600, height: 450 });
    expect(fitted(photo, { width: 360, height: 800 })).toEqual({ width: 360, height: 270 });
    expect([0, 1, 4].map(shapeCount)).toEqual(['Nothing drawn yet', '1 shape', '4 shapes']);
  });
});
