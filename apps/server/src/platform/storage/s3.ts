import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { assertSafeKey, type StorageBackend } from './storage';

/** An S3-compatible bucket, from STORAGE_URL `s3://bucket?endpoint=…&region=…&prefix=…`. */
export interface S3Location {
  bucket: string;
  /** Another S3-compatible server than AWS's (MinIO, Ceph, a test server); path-style then. */
  endpoint: string | undefined;
  region: string;
  /** Keys are stored under this prefix (several products may share a bucket). */
  prefix: string;
}

export function parseS3Url(url: string): S3Location {
  const parsed = new URL(url);
  if (parsed.protocol !== 's3:' || !parsed.hostname) {
    throw new Error(`STORAGE_URL must look like s3://bucket?endpoint=…&region=…, not ${url}`);
  }
  const prefix = (parsed.searchParams.get('prefix') ?? '').replace(/^\/+|\/+$/g, '');
  return {
    bucket: parsed.hostname,
    endpoint: parsed.searchParams.get('endpoint') ?? undefined,
    region: parsed.searchParams.get('region') ?? process.env.AWS_REGION ?? 'us-east-1',
    prefix: prefix ? `${prefix}/` : '',
  };
}

/** Parts of a streamed upload: S3's smallest, so a large file never sits whole in memory. */
const PART_BYTES = 5 * 1024 * 1024;

const missing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 ||
    error.name === 'NoSuchKey' ||
    error.name === 'NotFound');

/**
 * Files in an S3-compatible bucket through the official SDK: writes are streamed multipart
 * uploads; downloads go to the browser through presigned, expiring addresses. Credentials come
 * from the SDK's usual chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles, roles).
 */
export function s3Backend(location: S3Location, client?: S3Client): StorageBackend {
  const s3 =
    client ??
    new S3Client({
      region: location.region,
      ...(location.endpoint ? { endpoint: location.endpoint, forcePathStyle: true } : {}),
    });
  const Bucket = location.bucket;
  const keyOf = (key: string) => {
    assertSafeKey(key);
    return `${location.prefix}${key}`;
  };

  /** The bucket's keys under a prefix (the full key, location prefix included), a page at a time. */
  async function* pagesOf(prefix: string): AsyncGenerator<string[]> {
    let token: string | undefined;
    do {
      const page = await s3.send(
        new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
      );
      yield (page.Contents ?? []).map((object) => object.Key!);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async function removePrefix(prefix: string) {
    for await (const keys of pagesOf(prefix)) {
      if (!keys.length) continue;
      const Objects = keys.map((Key) => ({ Key }));
      await s3.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects } }));
    }
  }

  return {
    name: 's3',
    async write(key, source, options = {}) {
      let size = 0;
      let sourceError: unknown = null;
      const counted = async function* () {
        try {
          for await (const chunk of source as AsyncIterable<Buffer | string>) {
            const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
            size += bytes.length;
            yield bytes;
          }
        } catch (error) {
          sourceError = error;
          throw error;
        }
      };
      const upload = new Upload({
        client: s3,
        params: {
          Bucket,
          Key: keyOf(key),
          Body: Readable.from(counted()),
          ContentType: options.contentType ?? 'application/octet-stream',
        },
        partSize: PART_BYTES,
        queueSize: 2,
      });
      try {
        await upload.done();
      } catch (error) {
        // the source's own error (a body over its limit, a client gone) rather than the SDK's
        throw sourceError ?? error;
      }
      return { size };
    },
    async read(key, range) {
      try {
        const answer = await s3.send(
          new GetObjectCommand({
            Bucket,
            Key: keyOf(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
          }),
        );
        return answer.Body as Readable;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async size(key) {
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async *keys(prefix) {
      for await (const keys of pagesOf(`${location.prefix}${prefix}`)) {
        for (const full of keys) {
          const key = full.slice(location.prefix.length);
          if (!key.startsWith('conversions/')) yield key;
        }
      }
    },
    async remove(key) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
      await removePrefix(keyOf(`conversions/${key}/`));
    },
    async directUrl(key, options) {
      const filename = options.filename.replace(/[^\w.-]/g, '_');
      return getSignedUrl(
        s3,
        new GetObjectCommand({
          Bucket,
          Key: keyOf(key),
          ResponseContentType: options.contentType,
          ResponseContentDisposition: `${options.disposition}; filename="${filename}"`,
        }),
        { expiresIn: options.ttlSeconds },
      );
    },
    async close() {
      s3.destroy();
    },
  };
}
