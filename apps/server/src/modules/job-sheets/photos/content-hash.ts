import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

/**
 * A pass-through stream that hashes what flows through it (SHA-256), so the content hash of a
 * photo is taken while sharp reads it, without holding the file twice.
 */
export function sha256Tap(): { tap: Transform; digest: () => string } {
  const hash = createHash('sha256');
  let finished: string | null = null;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return {
    tap,
    digest: () => {
      finished ??= hash.digest('hex');
      return finished;
    },
  };
}
