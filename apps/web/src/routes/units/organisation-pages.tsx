import { Navigate, Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../../app/NotFoundPage';
import { lazyComponent } from '../../ui/lazy-component';
import { landingPage } from '../../app/paths';
import { currentMembership } from '../../session/session-helpers';
import { useSession } from '../../session/use-session';

// Each page is its own chunk; OrganisationLayout's Suspense shows the loader meanwhile.
const ProjectsPage = lazyComponent(
  () => import('../../features/projects/ProjectsPage'),
  'ProjectsPage',
  {
    firstPage: true,
  },
);
// A project's hub: the projects feature's page with the work the jobs feature adds.
const ProjectHubPage = lazyComponent(
  () => import('../../features/jobs/project-hub/ProjectHubPage'),
  'ProjectHubPage',
);
const ProjectSettingsArea = lazyComponent(
  () => import('../../features/projects/settings/ProjectSettingsArea'),
  'ProjectSettingsArea',
);
// Drawings and locations, and documents: one lazy entry here for their pages, which it tells
// apart by the address (this chunk is part of the projects page's first load: each lazy entry
// here costs it bytes).
const LOCATIONS_AREA_PATHS = [
  'projects/:projectId/drawings/:drawingId?',
  'projects/:projectId/locations',
  'locations/:locationId',
  'projects/:projectId/documents/*',
];
const LocationsArea = lazyComponent(
  () => import('../../features/drawings/LocationsArea'),
  'LocationsArea',
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
const ReportsPage = lazyComponent(
  () => import('../../features/reports/ReportsPage'),
  'ReportsPage',
);
const OperativeHomePage = lazyComponent(
  () => import('../../features/jobs/home/OperativeHomePage'),
  'OperativeHomePage',
);
const NotificationsPage = lazyComponent(
  () => import('../../features/notifications/NotificationsPage'),
  'NotificationsPage',
);
// Productivity: one lazy entry; its charts load in a chunk of their own from the page.
const ProductivityPage = lazyComponent(
  () => import('../../features/productivity/ProductivityPage'),
  'ProductivityPage',
);
const InboxPage = lazyComponent(() => import('../../features/job-sheets/InboxPage'), 'InboxPage');

/** Lazy unit 2: the organisation pages outside settings, library, account, billing and subscription. */
export default function OrganisationPages() {
  const role = currentMembership(useSession()).role;
  return (
    <Routes>
      <Route index element={<Navigate to={landingPage(role)} replace />} />
      <Route path="home" element={<OperativeHomePage />} />
      <Route path="projects" element={<ProjectsPage />} />
      <Route path="projects/:projectId" element={<ProjectHubPage />} />
      <Route path="projects/:projectId/settings/*" element={<ProjectSettingsArea />} />
      <Route path="qr_codes" element={<QrBatchesPage />} />
      {LOCATIONS_AREA_PATHS.map((path) => (
        <Route key={path} path={path} element={<LocationsArea />} />
      ))}
      <Route path="clients" element={<ClientsPage />} />
      <Route path="clients/:clientId" element={<ClientPage />} />
      <Route path="jobs" element={<JobsPage />} />
      <Route path="jobs/:jobId" element={<JobDetailPage />} />
      <Route path="job_sheets" element={<JobSheetsPage />} />
      <Route path="job_sheets/:sheetId" element={<JobSheetDetailPage />} />
      <Route path="job_sheets/:sheetId/fill" element={<JobSheetFillPage />} />
      <Route path="inbox" element={<InboxPage />} />
      <Route path="notifications" element={<NotificationsPage />} />
      <Route path="reports" element={<ReportsPage />} />
      <Route path="productivity" element={<ProductivityPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
