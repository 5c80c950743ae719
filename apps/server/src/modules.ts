import type { RouteDef } from './platform/http/route';
import type { JobKind } from './platform/queue/job';
import { organisationReader } from './platform/organisation-reader';
import {
  auditTrailRoutes,
  reader,
  resourceRoutes,
  type ResourceDeclaration,
} from './platform/resource-kit';
import { liveCollections, liveRoutes, type LiveCollection } from './platform/live';
import { backgroundTaskRoutes } from './platform/queue/routes';
import { buildsResource, expireBuildJob, runBuildJob } from './platform/builds';
import { importCsvJob } from './platform/imports/import.job';
import { importedFilesResource } from './platform/imports/imported-files';
import { sendEmailJob } from './platform/mail/send-email.job';
import { deliverNotificationJob, notificationRoutes } from './platform/notifications';
import { deliverWebhookJob, fanOutEventJob } from './platform/events';
import { removeStoredFilesJob } from './platform/storage/remove-files.job';
import { processUploadJob, type UploadKind } from './platform/uploads';
import { apiKeyRoutes } from './modules/api-keys';
import { billingRoutes } from './modules/billing';
import { changelogRoutes } from './modules/changelogs';
import {
  askJoinedMembers,
  documentsRoutes,
  mandatoryDocumentsGuard,
  membershipDocumentMetrics,
  outstandingDocuments,
} from './modules/documents';
import { clientRoutes } from './modules/clients';
import { formRoutes } from './modules/forms';
import { identityRoutes } from './modules/identity';
import {
  dailyDigestsJob,
  sendDailyDigestJob,
  jobSheetPhotoRoutes,
  jobSheetRoutes,
  jobSheetsResource,
  jobSheetsSearchSection,
  jobSheetPhotoUpload,
  jobSheetsSubmission,
  jobSheetGuards,
  inboxOutstandingDocuments,
} from './modules/job-sheets';
import {
  jobRoutes,
  jobsResource,
  jobSheetSubmission,
  jobsSearchSection,
  planAndVisitRoutes,
} from './modules/jobs';
import { drawingUpload, generateQrBatchJob, locationRoutes } from './modules/locations';
import { materialRoutes, recalculateRatesJob } from './modules/materials';
import { organisationSetupRoutes } from './modules/organisation-setup';
import { listOrganisations, organisationRoutes } from './modules/organisations';
import { memberDocumentMetrics, peopleRoutes } from './modules/people';
import { projectMembersJoined, projectRoutes, searchSections } from './modules/projects';
import { qualificationsResource } from './modules/qualifications';
import { productivityRoutes } from './modules/productivity';
import { reportRoutes } from './modules/reports';
import { siteRoutes } from './modules/sites';
import { teamRoutes } from './modules/teams';
import { webhookRoutes } from './modules/webhooks';
import { timesheetRoutes } from './modules/timesheets';

// The composition root: the one place that knows every module. It lists their routes and
// background job kinds, and wires the extension points an earlier module offers with what a
// later one provides, so no module imports one above it (docs: ARCHITECTURE.md, "Module
// boundaries").

/** Every route the API serves, in one list: registration, OpenAPI and the access tests read it. */
export function allRoutes(): RouteDef[] {
  return [
    ...identityRoutes(),
    ...organisationRoutes(),
    ...apiKeyRoutes(),
    ...clientRoutes(),
    ...peopleRoutes(),
    ...teamRoutes(),
    ...resourceRoutes(qualificationsResource),
    ...billingRoutes(),
    ...organisationSetupRoutes(),
    ...changelogRoutes(),
    ...projectRoutes(),
    ...materialRoutes(),
    ...siteRoutes(),
    ...formRoutes(),
    ...backgroundTaskRoutes(),
    ...notificationRoutes(),
    ...liveRoutes(),
    ...jobRoutes(),
    ...jobSheetRoutes(),
    ...jobSheetPhotoRoutes(),
    ...planAndVisitRoutes(),
    ...resourceRoutes(buildsResource),
    ...resourceRoutes(importedFilesResource),
    ...reportRoutes(),
    ...productivityRoutes(),
    ...locationRoutes(),
    ...documentsRoutes(),
    ...webhookRoutes(),
    ...timesheetRoutes(),
    // last: undo and the deletions bin act through the declarations the routes above serve
    ...auditTrailRoutes(),
  ];
}

/** Every kind of background work, in one list: the queue creates a queue and a worker for each. */
export function allJobs(): JobKind[] {
  return [
    sendEmailJob,
    deliverNotificationJob,
    processUploadJob,
    importCsvJob,
    removeStoredFilesJob,
    runBuildJob,
    expireBuildJob,
    dailyDigestsJob,
    sendDailyDigestJob,
    generateQrBatchJob,
    recalculateRatesJob,
    fanOutEventJob,
    deliverWebhookJob,
  ];
}

/** Every kind of upload whose processing the queue runs. */
export function allUploadKinds(): UploadKind[] {
  return [jobSheetPhotoUpload, drawingUpload];
}

/**
 * Plugs each later module into the points earlier ones offer. Idempotent; buildApp calls it, and
 * main.ts before the demo seed.
 */
export function wireModules(): void {
  organisationReader.provide(listOrganisations);
  searchSections.add(jobsSearchSection);
  searchSections.add(jobSheetsSearchSection);
  jobSheetSubmission.provide(jobSheetsSubmission);
  liveCollections.add(jobsLive);
  liveCollections.add(jobSheetsLive);
  jobSheetGuards.add(mandatoryDocumentsGuard);
  inboxOutstandingDocuments.provide(outstandingDocuments);
  memberDocumentMetrics.provide(membershipDocumentMetrics);
  projectMembersJoined.add(askJoinedMembers);
}

/** A collection streamed live (GET /events), each listener told only of the records it sees. */
const liveCollection = (declaration: ResourceDeclaration): LiveCollection => ({
  table: declaration.table,
  name: declaration.name,
  visibleIds: reader(declaration).visibleIds,
});
const jobsLive = liveCollection(jobsResource);
const jobSheetsLive = liveCollection(jobSheetsResource);
