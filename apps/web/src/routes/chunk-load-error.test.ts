import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './chunk-load-error';

describe('isChunkLoadError', () => {
  it.each([
    new TypeError('Failed to fetch dynamically imported module: http://x/assets/unit-1.js'),
    new TypeError('Importing a module script failed.'),
    new TypeError('error loading dynamically imported module: http://x/assets/unit-1.js'),
    Object.assign(new Error('Loading chunk 3 failed'), { name: 'ChunkLoadError' }),
  ])('recognises %s', (error) => expect(isChunkLoadError(error)).toBe(true));

  it('leaves other failures alone', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
