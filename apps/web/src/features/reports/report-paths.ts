import { ORGANISATIONS_PATH } from '../../app/paths';

/** /organisations/{slug}/reports: the caller's reports. */
export const reportsPath = (slug: string) =>
  `${ORGANISATIONS_PATH}/${encodeURIComponent(slug)}/reports`;
