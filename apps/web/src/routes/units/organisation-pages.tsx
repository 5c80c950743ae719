import { Navigate, Route, Routes } from 'react-router-dom';
import { ClientPage } from '../../features/clients/ClientPage';
import { ClientsPage } from '../../features/clients/ClientsPage';
import { ProjectOverviewPage } from '../../features/projects/overview/ProjectOverviewPage';
import { ProjectsPage } from '../../features/projects/ProjectsPage';
import { ProjectSettingsArea } from '../../features/projects/settings/ProjectSettingsArea';
import { NotFoundPage } from '../NotFoundPage';
import { DEFAULT_ORGANISATION_PAGE } from '../paths';

/** Lazy unit 2: the organisation pages outside settings, library, account, billing and subscription. */
export default function OrganisationPages() {
  return (
    <Routes>
      <Route index element={<Navigate to={DEFAULT_ORGANISATION_PAGE} replace />} />
      <Route path="projects" element={<ProjectsPage />} />
      <Route path="projects/:projectId" element={<ProjectOverviewPage />} />
      <Route path="projects/:projectId/settings/*" element={<ProjectSettingsArea />} />
      <Route path="clients" element={<ClientsPage />} />
      <Route path="clients/:clientId" element={<ClientPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
