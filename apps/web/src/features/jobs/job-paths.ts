import { organisationPath } from '../../app/paths';

/** /organisations/{slug}/jobs/{jobId} */
export const jobPath = (slug: string, jobId: string) =>
  `${organisationPath(slug, 'jobs')}/${encodeURIComponent(jobId)}`;
