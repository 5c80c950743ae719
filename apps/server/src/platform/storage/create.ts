import { join } from 'node:path';
import type { Config } from '../../config';
import { localBackend } from './local';
import { parseS3Url, s3Backend } from './s3';
import { withSignedLinks, type FileStorage } from './storage';

/** The configured storage: STORAGE_URL's bucket, or the local folder DATA_DIR/files. */
export function createStorage(
  config: Pick<Config, 'storageUrl' | 'dataDir' | 'publicApiUrl'>,
  secret: string,
): FileStorage {
  const backend = config.storageUrl
    ? s3Backend(parseS3Url(config.storageUrl))
    : localBackend(join(config.dataDir, 'files'));
  return withSignedLinks(backend, { publicApiUrl: config.publicApiUrl, secret });
}
