// The job-sheets module's public face: routes, the photo job, what it provides to jobs and search.
export { jobSheetRoutes } from './routes';
export { jobSheetsResource } from './job-sheets.resource';
export { conditionalsShown, sheetScore } from './sheet-answers';
export { type ValueRow } from './value-columns';
export { jobSheetPhotoRoutes } from './photos/routes';
export { jobSheetPhotoUpload } from './photos/photo-upload';
export { jobSheetGuards, type JobSheetGuard } from './guards';
export { inboxOutstandingDocuments } from './inbox';
export { jobSheetsSearchSection } from './search';
export { jobSheetsSubmission } from './submit-all';
export { seedDemoJobSheets } from './demo';
export { dailyDigestsJob } from './digest/daily-digests.job';
export { sendDailyDigestJob } from './digest/send-daily-digest.job';
