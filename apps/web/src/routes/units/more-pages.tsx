import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../../app/NotFoundPage';
import { lazyComponent } from '../../ui/lazy-component';

// Each page is its own chunk; OrganisationLayout's Suspense shows the loader meanwhile.
// Drawings and locations, and documents: one lazy entry here for their pages, which it tells
// apart by the address.
const LOCATIONS_AREA_PATHS = [
  'projects/:projectId/drawings/:drawingId?',
  'projects/:projectId/locations',
  'locations/:locationId',
  'projects/:projectId/documents/*',
];
const ProjectSettingsArea = lazyComponent(
  () => import('../../features/projects/settings/ProjectSettingsArea'),
  'ProjectSettingsArea',
);
const LocationsArea = lazyComponent(
  () => import('../../features/drawings/LocationsArea'),
  'LocationsArea',
);
// A project's zones and specifications: one chunk for both pages.
const ZonesPage = lazyComponent(() => import('../../features/zones'), 'ZonesPage');
const SpecificationsPage = lazyComponent(
  () => import('../../features/zones'),
  'SpecificationsPage',
);
const JobsPage = lazyComponent(() => import('../../features/jobs/JobsPage'), 'JobsPage');
const JobDetailPage = lazyComponent(
  () => import('../../features/jobs/JobDetailPage'),
  'JobDetailPage',
);
const JobSheetsPage = lazyComponent(
  () => import('../../features/job-sheets/JobSheetsPage'),
  'JobSheetsPage',
);
const JobSheetDetailPage = lazyComponent(
  () => import('../../features/job-sheets/JobSheetDetailPage'),
  'JobSheetDetailPage',
);
const JobSheetFillPage = lazyComponent(
  () => import('../../features/job-sheets/JobSheetFillPage'),
  'JobSheetFillPage',
);
const QrBatchesPage = lazyComponent(
  () => import('../../features/qr-codes/QrBatchesPage'),
  'QrBatchesPage',
);
const ClientsPage = lazyComponent(
  () => import('../../features/clients/ClientsPage'),
  'ClientsPage',
);
const ClientPage = lazyComponent(() => import('../../features/clients/ClientPage'), 'ClientPage');
const ReportsPage = lazyComponent(
  () => import('../../features/reports/ReportsPage'),
  'ReportsPage',
);
const NotificationsPage = lazyComponent(
  () => import('../../features/notifications/NotificationsPage'),
  'NotificationsPage',
);
const InboxPage = lazyComponent(() => import('../../features/job-sheets/InboxPage'), 'InboxPage');

const TimesheetsPage = lazyComponent(
  () => import('../../features/timesheets/TimesheetsPage'),
  'TimesheetsPage',
);

// Productivity: one lazy entry; its charts load in a chunk of their own from the page.
const ProductivityPage = lazyComponent(
  () => import('../../features/productivity/ProductivityPage'),
  'ProductivityPage',
);

const OrganisationSignedDocumentsPage = lazyComponent(
  () => import('../../features/documents/OrganisationSignedDocumentsPage'),
  'OrganisationSignedDocumentsPage',
);

/**
 * The organisation pages outside the projects page's first load (lazy unit 2 hands every path it
 * does not serve itself to this one); a path neither serves is "not found".
 */
export function MorePages() {
  return (
    <Routes>
      <Route path="projects/:projectId/settings/*" element={<ProjectSettingsArea />} />
      <Route path="jobs" element={<JobsPage />} />
      <Route path="jobs/:jobId" element={<JobDetailPage />} />
      <Route path="job_sheets" element={<JobSheetsPage />} />
      <Route path="job_sheets/:sheetId" element={<JobSheetDetailPage />} />
      <Route path="job_sheets/:sheetId/fill" element={<JobSheetFillPage />} />
      {LOCATIONS_AREA_PATHS.map((path) => (
        <Route key={path} path={path} element={<LocationsArea />} />
      ))}
      <Route path="projects/:projectId/zones" element={<ZonesPage />} />
      <Route path="projects/:projectId/specifications" element={<SpecificationsPage />} />
      <Route path="qr_codes" element={<QrBatchesPage />} />
      <Route path="clients" element={<ClientsPage />} />
      <Route path="clients/:clientId" element={<ClientPage />} />
      <Route path="inbox" element={<InboxPage />} />
      <Route path="notifications" element={<NotificationsPage />} />
      <Route path="reports" element={<ReportsPage />} />
      <Route path="timesheets" element={<TimesheetsPage />} />
      <Route path="productivity" element={<ProductivityPage />} />
      <Route path="signed_documents" element={<OrganisationSignedDocumentsPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
