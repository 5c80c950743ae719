import { ORGANISATIONS_PATH } from '../../app/paths';

const base = (slug: string) => `${ORGANISATIONS_PATH}/${encodeURIComponent(slug)}`;

/** /organisations/{slug}/job_sheets: the managers' list. */
export const jobSheetsPath = (slug: string) => `${base(slug)}/job_sheets`;
/** /organisations/{slug}/job_sheets/{id}: a sheet's detail. */
export const jobSheetPath = (slug: string, id: string) =>
  `${jobSheetsPath(slug)}/${encodeURIComponent(id)}`;
/** /organisations/{slug}/job_sheets/{id}/fill: the operative's screen. */
export const fillJobSheetPath = (slug: string, id: string) => `${jobSheetPath(slug, id)}/fill`;
/** /organisations/{slug}/inbox */
export const inboxPath = (slug: string) => `${base(slug)}/inbox`;
