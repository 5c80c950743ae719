import { expireBuildJob, runBuildJob } from './platform/builds';
import { jobSheetPhotoUpload } from './modules/job-sheets/photos/photo-upload';
import { importCsvJob } from './platform/imports/import.job';
import { sendEmailJob } from './platform/mail/send-email.job';
import type { JobKind } from './platform/queue/job';
import { removeStoredFilesJob } from './platform/storage/remove-files.job';
import { processUploadJob, type UploadKind } from './platform/uploads';

/** Every kind of background work, in one list: the queue creates a queue and a worker for each. */
export function allJobs(): JobKind[] {
  return [
    sendEmailJob,
    processUploadJob,
    importCsvJob,
    removeStoredFilesJob,
    runBuildJob,
    expireBuildJob,
  ];
}

/** Every kind of upload whose processing the queue runs. */
export function allUploadKinds(): UploadKind[] {
  return [jobSheetPhotoUpload];
}
