// The job-sheets feature's public face: what routes/ and other features use.
export { InboxCount } from './InboxCount';
export { JobSheetsOfJob } from './JobSheetsOfJob';
export { StartJobSheetButton } from './StartJobSheetButton';
export { inboxPath, jobSheetsPath } from './job-sheet-paths';
export { formsWithoutSheets, loadFormsWithoutSheets } from './forms-without-sheets';
export { SheetsToResume } from './home/SheetsToResume';
export { InboxSummary } from './home/InboxSummary';
export { ProjectApprovalsWaiting, ProjectSheetCounts } from './project/ProjectSheetsCard';
export { jobSheetPath } from './job-sheet-paths';
