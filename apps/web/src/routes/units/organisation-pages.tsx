import { Navigate, Route, Routes } from 'react-router-dom';
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
const OperativeHomePage = lazyComponent(
  () => import('../../features/jobs/home/OperativeHomePage'),
  'OperativeHomePage',
);

// The pages fewer people open first (clients, reports, QR codes, the inbox, time …) are one more
// lazy step away, so that the projects page's first load does not carry their entries.
const MorePages = lazyComponent(() => import('./more-pages'), 'MorePages');

/** Lazy unit 2: the organisation pages outside settings, library, account, billing and subscription. */
export default function OrganisationPages() {
  const role = currentMembership(useSession()).role;
  return (
    <Routes>
      <Route index element={<Navigate to={landingPage(role)} replace />} />
      <Route path="home" element={<OperativeHomePage />} />
      <Route path="projects" element={<ProjectsPage />} />
      <Route path="projects/:projectId" element={<ProjectHubPage />} />
      <Route path="*" element={<MorePages />} />
    </Routes>
  );
}
