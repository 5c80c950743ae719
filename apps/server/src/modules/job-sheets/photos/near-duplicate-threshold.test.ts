import { beforeAll, describe, expect, it } from 'vitest';
import {
  photoPairs,
  rates,
  type PhotoPair,
} from '../../../../test/fixtures/photo-pairs/photo-pairs';
import { NEAR_DUPLICATE_MAX_DISTANCE } from './perceptual-hash';

/** At most this share of the pairs of one scene may be missed (re-shots; see the bench). */
const MAX_FALSE_NEGATIVE_RATE = 0.3;

describe('the near-duplicate threshold on the photo-pair set', () => {
  let pairs: PhotoPair[];
  beforeAll(async () => {
    pairs = await photoPairs();
  });

  it('calls no two different scenes near, doors of one corridor included', () => {
    const result = rates(pairs, NEAR_DUPLICATE_MAX_DISTANCE);
    expect(result.negatives).toBe(819);
    expect(result.falsePositives).toBe(0);
    // not at the edge by chance: the nearest different scenes stand past the threshold
    const nearest = Math.min(...pairs.filter((pair) => !pair.same).map((pair) => pair.distance));
    expect(nearest).toBeGreaterThan(NEAR_DUPLICATE_MAX_DISTANCE);
  });

  it('finds every photo sent on and most re-shots', () => {
    const result = rates(pairs, NEAR_DUPLICATE_MAX_DISTANCE);
    expect(result.positives).toBe(42);
    expect(result.sentOnMissed).toBe(0);
    expect(result.falseNegativeRate).toBeLessThanOrEqual(MAX_FALSE_NEGATIVE_RATE);
  });
});
