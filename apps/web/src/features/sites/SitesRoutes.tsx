import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../../app/NotFoundPage';
import { SiteDetailPage } from './SiteDetailPage';
import { SitesPage } from './SitesPage';

/** /library/sites and /library/sites/{siteId} */
export function SitesRoutes() {
  return (
    <Routes>
      <Route index element={<SitesPage />} />
      <Route path=":siteId" element={<SiteDetailPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
