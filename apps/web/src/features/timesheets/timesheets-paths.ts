import { organisationPath } from '../../app/paths';

/** The Timesheets page: /organisations/{slug}/timesheets. */
export const timesheetsPath = (slug: string) => organisationPath(slug, 'timesheets');
