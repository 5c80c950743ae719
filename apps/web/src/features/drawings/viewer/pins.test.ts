import { describe, expect, it } from 'vitest';
import {
  clampToDrawing,
  drawingBounds,
  legendOf,
  NO_STATUS,
  pinLabel,
  pointOf,
  positionOf,
  visibleLocations,
} from './pins';
import { drawingRecord, locationRecord, statusRecords } from './test/viewer-fixtures';

const drawing = drawingRecord({ width: 4000, height: 2000 });
const statuses = statusRecords();
const [pending, active, done] = statuses;

describe('pins on a drawing', () => {
  it('places a location by its fractions of the drawing, top-left at the origin, y upwards', () => {
    expect(drawingBounds(drawing)).toEqual([
      [-2000, 0],
      [0, 4000],
    ]);
    const location = locationRecord({ drawing_pos_top: 0.25, drawing_pos_left: 0.5 });
    expect(pointOf(location, drawing)).toEqual({ lat: -500, lng: 2000 });
    expect(positionOf({ lat: -500, lng: 2000 }, drawing)).toEqual({
      drawing_pos_top: 0.25,
      drawing_pos_left: 0.5,
    });
  });

  it('has no pin for a location without a place, or with fractions out of 0–1', () => {
    expect(
      pointOf(locationRecord({ drawing_pos_top: null, drawing_pos_left: null }), drawing),
    ).toBe(null);
    expect(pointOf(locationRecord({ drawing_pos_top: 1.2, drawing_pos_left: 0.5 }), drawing)).toBe(
      null,
    );
  });

  it('refuses a click off the sheet and holds a dragged pin on it', () => {
    expect(positionOf({ lat: 10, lng: 100 }, drawing)).toBe(null);
    expect(positionOf({ lat: -100, lng: 4100 }, drawing)).toBe(null);
    expect(clampToDrawing({ lat: 10, lng: 4100 }, drawing)).toEqual({ lat: 0, lng: 4000 });
    expect(clampToDrawing({ lat: -2500, lng: -3 }, drawing)).toEqual({ lat: -2000, lng: 0 });
  });

  it('rounds what it sends to six decimals', () => {
    const position = positionOf({ lat: -2000 / 3, lng: 4000 / 7 }, drawing);
    expect(position).toEqual({ drawing_pos_top: 0.333333, drawing_pos_left: 0.142857 });
  });

  it('treats a drawing not measured yet as 1000×1000', () => {
    const unmeasured = drawingRecord({ width: null, height: null });
    expect(
      pointOf(locationRecord({ drawing_pos_top: 1, drawing_pos_left: 1 }), unmeasured),
    ).toEqual({ lat: -1000, lng: 1000 });
  });
});

describe('the legend and the filter by status', () => {
  const locations = [
    locationRecord({ id: 'a', status: pending }),
    locationRecord({ id: 'b', status: active }),
    locationRecord({ id: 'c', status: active }),
    locationRecord({ id: 'd', status: null }),
    // a status the project no longer lists counts with the locations without one
    locationRecord({ id: 'e', status: { id: 'gone', name: 'Old', type: 'ACTIVE' } }),
    // not pinned: neither counted nor shown
    locationRecord({ id: 'f', status: done, drawing_pos_top: null, drawing_pos_left: null }),
  ];

  it('counts the pinned locations of each status, in the statuses’ order, every status listed', () => {
    const shuffled = [done, pending, active].map((status) => ({ ...status }));
    expect(
      legendOf(locations, shuffled, drawing).map((entry) => [
        entry.status?.name ?? null,
        entry.count,
      ]),
    ).toEqual([
      ['Not started', 1],
      ['In progress', 2],
      ['Complete', 0],
      [null, 2],
    ]);
  });

  it('hides the pins of the statuses the filter leaves out', () => {
    const ids = (hidden: string[]) =>
      visibleLocations(locations, statuses, drawing, new Set(hidden)).map(
        (location) => location.id,
      );
    expect(ids([])).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(ids([active.id])).toEqual(['a', 'd', 'e']);
    expect(ids([pending.id, NO_STATUS])).toEqual(['b', 'c']);
  });

  it('labels a pin by its number and reference', () => {
    expect(pinLabel(locationRecord({ number: 12, reference: null }))).toBe('12');
    expect(pinLabel(locationRecord({ number: 12, reference: 'Flat 3 riser' }))).toBe(
      '12 · Flat 3 riser',
    );
  });
});
