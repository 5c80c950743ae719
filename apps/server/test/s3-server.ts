import S3rver from 's3rver';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The test bucket's name on the S3-compatible server the test run starts. */
export const TEST_BUCKET = 'fieldwork-test';

/**
 * A real S3-compatible server (s3rver, from the npm registry) on the loopback address, with
 * the test bucket, for the storage leg that runs on S3. Answers its endpoint and a stop.
 */
export async function startS3Server(): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const directory = await mkdtemp(join(tmpdir(), 'fieldwork-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
  });
  keepEmptiedFolders(server);
  const { port } = (await server.run()) as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

interface S3rverStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  deleteObject(bucket: string, key: string): Promise<void>;
}

/**
 * s3rver removes the folders a delete empties; a write into the same folder at that moment fails
 * inside s3rver with an unhandled error that ends the whole test run (seen in CI: ENOENT on
 * `uploads/…_S3rver_object`). The test server keeps emptied folders instead: listing reads
 * files, so nothing else changes.
 */
function keepEmptiedFolders(server: S3rver) {
  const store = (server as unknown as { store: S3rverStore }).store;
  store.deleteObject = async (bucket, key) => {
    await Promise.all(
      ['object', 'object.md5', 'metadata.json'].map((resource) =>
        rm(store.getResourcePath(bucket, key, resource), { force: true }),
      ),
    );
  };
}

/** The credentials s3rver accepts, set the way the SDK reads them. */
export const S3_TEST_ENV = {
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
  AWS_REGION: 'us-east-1',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};
