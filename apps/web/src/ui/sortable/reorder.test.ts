import { describe, expect, it } from 'vitest';
import { inOrder, moveByStep, moveId, sameOrder } from './reorder';

const ids = ['a', 'b', 'c', 'd'];

describe('moveId', () => {
  it('moves an item down onto the target position', () => {
    expect(moveId(ids, 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
  });
  it('moves an item up onto the target position', () => {
    expect(moveId(ids, 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
  });
  it('leaves the list alone for the same or unknown ids, and never mutates its input', () => {
    expect(moveId(ids, 'b', 'b')).toEqual(ids);
    expect(moveId(ids, 'x', 'b')).toEqual(ids);
    expect(moveId(ids, 'b', 'x')).toEqual(ids);
    expect(ids).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('moveByStep', () => {
  it('moves one place up or down', () => {
    expect(moveByStep(ids, 'c', -1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveByStep(ids, 'b', 1)).toEqual(['a', 'c', 'b', 'd']);
  });
  it('stops at either end', () => {
    expect(moveByStep(ids, 'a', -1)).toEqual(ids);
    expect(moveByStep(ids, 'd', 3)).toEqual(ids);
    expect(moveByStep(ids, 'b', -5)).toEqual(['b', 'a', 'c', 'd']);
  });
});

describe('inOrder', () => {
  const items = ids.map((id) => ({ id }));
  it('sorts records by the id list', () => {
    expect(inOrder(items, ['d', 'c', 'b', 'a']).map((item) => item.id)).toEqual([
      'd',
      'c',
      'b',
      'a',
    ]);
  });
  it('keeps records the list does not name, after the named ones in their old order', () => {
    expect(inOrder(items, ['c', 'a']).map((item) => item.id)).toEqual(['c', 'a', 'b', 'd']);
  });
});

describe('sameOrder', () => {
  it('compares order and length', () => {
    expect(sameOrder(ids, [...ids])).toBe(true);
    expect(sameOrder(ids, ['b', 'a', 'c', 'd'])).toBe(false);
    expect(sameOrder(ids, ids.slice(1))).toBe(false);
  });
});
