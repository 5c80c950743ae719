import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where files live. The local folder is the embedded default; an S3 driver fits the same shape. */
export interface FileStorage {
  write(key: string, source: AsyncIterable<string | Buffer> | Readable): Promise<{ size: number }>;
  read(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
  /** A time-limited address anyone holding it can download from. */
  signedUrl(key: string, options?: { ttlSeconds?: number; filename?: string }): string;
  verify(key: string, expires: string, signature: string): boolean;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function localStorage(root: string, publicApiUrl: string, secret: string): FileStorage {
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key) || normalize(key) !== key || key.includes('..')) {
      throw new Error(`Unsafe storage key: ${key}`);
    }
    return join(root, key);
  };
  const sign = (key: string, expires: string) =>
    createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');

  return {
    async write(key, source) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      // Written beside the target and renamed, so a reader never sees half a file.
      const partial = `${target}.partial`;
      const input = source instanceof Readable ? source : Readable.from(source);
      try {
        await pipeline(input, createWriteStream(partial));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      await rename(partial, target);
      return { size: (await stat(target)).size };
    },
    async read(key) {
      try {
        const path = pathOf(key);
        await stat(path);
        return createReadStream(path);
      } catch {
        return null;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    signedUrl(key, options = {}) {
      const expires = String(Math.floor(Date.now() / 1000) + (options.ttlSeconds ?? 3600));
      const query = new URLSearchParams({ expires, signature: sign(key, expires) });
      if (options.filename) query.set('filename', options.filename);
      return `${publicApiUrl}/files/${key}?${query.toString()}`;
    },
    verify(key, expires, signature) {
      if (!/^\d+$/.test(expires) || Number(expires) < Date.now() / 1000) return false;
      const expected = Buffer.from(sign(key, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
