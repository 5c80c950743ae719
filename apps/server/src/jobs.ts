import { processJobSheetPhotoJob } from './modules/job-sheets/photos/process-photo.job';
import { importCsvJob } from './platform/imports/import.job';
import { sendEmailJob } from './platform/mail/send-email.job';
import { removeStoredFilesJob } from './platform/storage/remove-files.job';
import type { JobKind } from './platform/queue/job';

/** Every kind of background work, in one list: the queue creates a queue and a worker for each. */
export function allJobs(): JobKind[] {
  return [sendEmailJob, processJobSheetPhotoJob, importCsvJob, removeStoredFilesJob];
}
