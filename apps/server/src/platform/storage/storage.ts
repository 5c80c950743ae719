import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { canonicalConversion, parseCanonicalConversion, type Conversion } from './conversion';

/** What a file is stored with besides its bytes. */
export interface WriteOptions {
  contentType?: string;
}

/** The inclusive byte range of a read (HTTP Range); the whole file when absent. */
export interface ByteRange {
  start: number;
  end?: number;
}

/** How a direct address serves its file. */
export interface DirectUrlOptions {
  filename: string;
  contentType: string;
  disposition: 'inline' | 'attachment';
  ttlSeconds: number;
}

/**
 * Where the bytes live: the local folder (the embedded default) or an S3-compatible bucket.
 * Both take a stream and never hold a whole file in memory.
 */
export interface StorageBackend {
  readonly name: 'local' | 's3';
  write(
    key: string,
    source: AsyncIterable<string | Buffer> | Readable,
    options?: WriteOptions,
  ): Promise<{ size: number }>;
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** The stored size, or null when there is no such file. */
  size(key: string): Promise<number | null>;
  /** The keys stored under a prefix (`uploads/`), for sweeps and checks; conversions left out. */
  keys(prefix: string): AsyncIterable<string>;
  /** Removes a file and the conversions made of it; removing a missing file is no error. */
  remove(key: string): Promise<void>;
  /**
   * An expiring address the browser can download from directly (a presigned S3 URL), or null
   * when the API streams the file itself (the local folder).
   */
  directUrl(key: string, options: DirectUrlOptions): Promise<string | null>;
  close(): Promise<void>;
}

export interface SignedUrlOptions {
  ttlSeconds?: number;
  /** The name the file is downloaded as. */
  filename?: string;
  /** A converted copy (an image at a width or format, a PDF page as an image). */
  conversion?: Conversion;
  /** Another public address than the API's (the reports host). */
  base?: string;
}

/** A signed link's checked parts. */
export interface VerifiedLink {
  conversion: Conversion | null;
}

/** Storage with the product's own signed links, the same on every backend. */
export interface FileStorage extends StorageBackend {
  /**
   * A time-limited address of the file (GET /files/{key}): anyone holding it may download. The
   * signature covers the key, the expiry and the conversion, so neither can be widened.
   */
  signedUrl(key: string, options?: SignedUrlOptions): string;
  /** The link's conversion when its signature holds and it has not expired, else null. */
  verify(key: string, query: Record<string, string | undefined>): VerifiedLink | null;
}

/** Keys are paths of safe characters: no `..`, no leading slash. */
export const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

/** Where the conversions of a file are kept: beside it, so removing one removes the others. */
export const conversionKey = (key: string, conversion: Conversion) =>
  `conversions/${key}/${canonicalConversion(conversion)}`;

export function withSignedLinks(
  backend: StorageBackend,
  options: { publicApiUrl: string; secret: string },
): FileStorage {
  const sign = (key: string, expires: string, conversion: string) =>
    createHmac('sha256', options.secret)
      .update(`${key}\n${expires}\n${conversion}`)
      .digest('base64url');

  return {
    ...backend,
    signedUrl(key, link = {}) {
      assertSafeKey(key);
      const expires = String(Math.floor(Date.now() / 1000) + (link.ttlSeconds ?? 3600));
      const conversion = link.conversion ? canonicalConversion(link.conversion) : '';
      const query = new URLSearchParams({ expires, signature: sign(key, expires, conversion) });
      if (conversion) query.set('conversion', conversion);
      if (link.filename) query.set('filename', link.filename);
      return `${link.base ?? options.publicApiUrl}/files/${key}?${query.toString()}`;
    },
    verify(key, query) {
      const expires = query.expires ?? '';
      if (!/^\d+$/.test(expires) || Number(expires) < Date.now() / 1000) return null;
      const conversion = query.conversion ?? '';
      const expected = Buffer.from(sign(key, expires, conversion));
      const given = Buffer.from(query.signature ?? '');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      if (!conversion) return { conversion: null };
      const parsed = parseCanonicalConversion(conversion);
      return parsed ? { conversion: parsed } : null;
    },
  };
}
