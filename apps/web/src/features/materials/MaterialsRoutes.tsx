import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../../app/NotFoundPage';
import { MaterialsPage } from './MaterialsPage';
import { RateSetsPage } from './RateSetsPage';
import { ServicesPage } from './ServicesPage';

/** /library/materials/*, /library/rate_sets/*, /library/services/*: one page each. */
export const MaterialsRoutes = () => (
  <Routes>
    <Route index element={<MaterialsPage />} />
    <Route path="*" element={<NotFoundPage />} />
  </Routes>
);
export const RateSetsRoutes = () => (
  <Routes>
    <Route index element={<RateSetsPage />} />
    <Route path="*" element={<NotFoundPage />} />
  </Routes>
);
export const ServicesRoutes = () => (
  <Routes>
    <Route index element={<ServicesPage />} />
    <Route path="*" element={<NotFoundPage />} />
  </Routes>
);
