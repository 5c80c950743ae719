import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniffType } from '../../../platform/uploads';
import { hammingDistance, NEAR_DUPLICATE_MAX_DISTANCE } from './perceptual-hash';
import { PhotoProcessingError, processImage } from './process-photo';
import { sitePhoto } from './test-images';

const MAX = 20 * 1024 * 1024;
const process = (bytes: Buffer) => processImage(Readable.from([bytes]), MAX);

describe('photo processing', () => {
  it('hashes the bytes, reads the size and makes a thumbnail', async () => {
    const photo = await sitePhoto(1, { width: 1200, height: 900 });
    const result = await process(photo);
    expect(result.cHash).toBe(createHash('sha256').update(photo).digest('hex'));
    expect(result).toMatchObject({ width: 1200, height: 900, display: null });
    const thumbnail = await sharp(result.thumbnail).metadata();
    expect(thumbnail).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    const landscape = await sitePhoto(2, { width: 640, height: 480 });
    // orientation 6: the camera was held on its side; shown upright it is 480 wide, 640 high
    const sideways = await sharp(landscape).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const result = await process(sideways);
    expect(result).toMatchObject({ width: 480, height: 640 });
    expect(result.display).not.toBeNull();
    expect(await sharp(result.display!.data).metadata()).toMatchObject({
      width: 480,
      height: 640,
    });
    expect(await sharp(result.thumbnail).metadata()).toMatchObject({ width: 300, height: 400 });
  });

  it('shrinks a very large photo to a display copy', async () => {
    const huge = await sitePhoto(3, { width: 4000, height: 3000 });
    const result = await process(huge);
    expect(result).toMatchObject({ width: 2560, height: 1920 });
    expect(result.display?.contentType).toBe('image/jpeg');
  });

  it('finds the same photo re-encoded and resized near, a different photo far', async () => {
    const original = await process(await sitePhoto(4, { width: 1600, height: 1200 }));
    const reencoded = await process(
      await sharp(await sitePhoto(4, { width: 1600, height: 1200 }))
        .jpeg({ quality: 40 })
        .toBuffer(),
    );
    const resized = await process(
      await sharp(await sitePhoto(4, { width: 1600, height: 1200 }))
        .resize(400)
        .webp({ quality: 60 })
        .toBuffer(),
    );
    const different = await process(await sitePhoto(5, { width: 1600, height: 1200 }));
    const near = [reencoded, resized].map((copy) => hammingDistance(original.pHash, copy.pHash));
    const far = hammingDistance(original.pHash, different.pHash);
    for (const distance of near) expect(distance).toBeLessThanOrEqual(NEAR_DUPLICATE_MAX_DISTANCE);
    expect(far).toBeGreaterThan(NEAR_DUPLICATE_MAX_DISTANCE);
    expect(reencoded.cHash).not.toBe(original.cHash);
  });

  it('gives an identical file the identical content and perceptual hash', async () => {
    const bytes = await sitePhoto(6);
    const [first, second] = [await process(bytes), await process(Buffer.from(bytes))];
    expect(second.cHash).toBe(first.cHash);
    expect(second.pHash).toBe(first.pHash);
  });

  it('keeps different pictures apart across many seeds', async () => {
    const hashes = [];
    for (let seed = 10; seed < 22; seed += 1) {
      hashes.push((await process(await sitePhoto(seed, { width: 320, height: 240 }))).pHash);
    }
    for (let a = 0; a < hashes.length; a += 1) {
      for (let b = a + 1; b < hashes.length; b += 1) {
        expect(hammingDistance(hashes[a]!, hashes[b]!)).toBeGreaterThan(
          NEAR_DUPLICATE_MAX_DISTANCE,
        );
      }
    }
  });

  it('reads PNG and WebP, and refuses text, truncated files and oversize files', async () => {
    for (const format of ['png', 'webp'] as const) {
      const result = await process(await sitePhoto(7, { width: 300, height: 200, format }));
      expect(result).toMatchObject({ width: 300, height: 200 });
    }
    await expect(process(Buffer.from('just some text, named photo.jpg'))).rejects.toThrow(
      /not a JPEG/,
    );
    const whole = await sitePhoto(8);
    await expect(process(whole.subarray(0, Math.floor(whole.length / 3)))).rejects.toThrow(
      PhotoProcessingError,
    );
    await expect(processImage(Readable.from([whole]), 1000)).rejects.toThrow(/larger than/);
  });

  it('sniffs the type from the bytes', async () => {
    expect(await sniffType(await sitePhoto(9, { format: 'png' }), true)).toBe('png');
    expect(await sniffType(await sitePhoto(9, { format: 'webp' }), true)).toBe('webp');
    expect(await sniffType(await sitePhoto(9), true)).toBe('jpeg');
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic')]);
    expect(await sniffType(heic, true)).toBe('heic');
    // not photos, though known: the photo upload refuses them by its accepted list
    expect(await sniffType(Buffer.from('a text file named photo.jpg'), true)).toBe('text');
    expect(await sniffType(Buffer.from([0xff, 0xfe, 0x00, 0x01]), true)).toBeNull();
  });
});
