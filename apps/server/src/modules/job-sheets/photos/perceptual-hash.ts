import type { Sharp } from 'sharp';

/**
 * dHash ("difference hash", Neal Krawetz, 2013) of an image, as a signed 64-bit integer (the
 * PostgreSQL bigint it is stored in). The picture, already turned upright, is reduced to 9×8
 * greyscale pixels; each of the 64 bits says whether a pixel is brighter than its right-hand
 * neighbour, row by row, most significant bit first. Re-encoding, resizing and mild colour
 * changes move few bits; a different picture moves about half of them. Two photos are near
 * duplicates when the Hamming distance of their hashes is at most NEAR_DUPLICATE_MAX_DISTANCE.
 */
export const DHASH_WIDTH = 9;
export const DHASH_HEIGHT = 8;

/**
 * Tuned on the photo-pair set (test/fixtures/photo-pairs, `npm run bench:photo-pairs`): 14 site
 * scenes, ten of them doors of two corridors, each photographed, re-shot and sent on. Two
 * different scenes come as near as 7 bits (two doors of one corridor, 8), so 6 calls none of the
 * 819 pairs of two scenes near; it finds every copy sent on (1–6 bits) and 16 of the 28 re-shots
 * (2–16 bits): 12 of 42 pairs of one scene missed (29 %). The former 10 called 10 pairs of
 * different doors near. near-duplicate-threshold.test.ts holds it there.
 */
export const NEAR_DUPLICATE_MAX_DISTANCE = 6;

/** The 9×8 greyscale pixels dHash compares (sharp does the work on its own threads). */
export async function dHashPixels(image: Sharp): Promise<Buffer> {
  const { data, info } = await image
    .greyscale()
    .resize(DHASH_WIDTH, DHASH_HEIGHT, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 1 || data.length !== DHASH_WIDTH * DHASH_HEIGHT) {
    throw new Error(`dHash expects ${DHASH_WIDTH}×${DHASH_HEIGHT} grey pixels`);
  }
  return data;
}

/** The hash of 9×8 grey pixels (row-major), as a signed 64-bit value. */
export function dHashOf(pixels: Uint8Array): bigint {
  let hash = 0n;
  for (let row = 0; row < DHASH_HEIGHT; row += 1) {
    for (let column = 0; column < DHASH_WIDTH - 1; column += 1) {
      const left = pixels[row * DHASH_WIDTH + column]!;
      const right = pixels[row * DHASH_WIDTH + column + 1]!;
      hash = (hash << 1n) | (left > right ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash);
}

/** How many of the 64 bits differ (what the SQL bit_count((a # b)::bit(64)) computes). */
export function hammingDistance(a: bigint, b: bigint): number {
  let difference = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (difference > 0n) {
    count += Number(difference & 1n);
    difference >>= 1n;
  }
  return count;
}
