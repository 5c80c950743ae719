import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../NotFoundPage';

/**
 * Lazy unit 1: the settings, library, account, billing and subscription areas. Their pages arrive
 * with the issues that build them; until then every path of these areas is "not found".
 */
export default function OrganisationAreas() {
  return (
    <Routes>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
