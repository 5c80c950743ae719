import type { Build } from '@fieldwork/contract';
import { stamped } from './fixtures';

/** A clients export as the server describes it; QUEUED unless told otherwise. */
export function makeBuild(overrides: Partial<Build> = {}): Build {
  return {
    ...stamped(),
    kind: 'clients-csv',
    name: 'Clients export',
    description: null,
    download_name: 'clients.csv',
    job_path: null,
    format: 'csv',
    options: {},
    user_id: null,
    user: null,
    status: 'QUEUED',
    progress: { done: 0, total: null, message: null },
    started_at: null,
    completed_at: null,
    expires_at: null,
    failed_at: null,
    exception: null,
    retries: 0,
    file: null,
    ...overrides,
  };
}

/** The same build, finished with its file. */
export const readyBuild = (build: Build, size = 48_213): Build => ({
  ...build,
  status: 'READY',
  progress: { done: 5000, total: 5000, message: null },
  file: {
    name: build.download_name,
    size,
    content_type: 'text/csv',
    url: `http://files.test/${build.download_name}?signature=abc`,
  },
});
