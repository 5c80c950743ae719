import { Route, Routes } from 'react-router-dom';
import { SettingsArea } from '../../features/settings/SettingsArea';
import { NotFoundPage } from '../NotFoundPage';

/**
 * Lazy unit 1: the settings, library, account, billing and subscription areas. `area` is the
 * first path segment below the organisation; areas not built yet are "not found".
 */
export default function OrganisationAreas({ area }: { area: string }) {
  if (area === 'settings') return <SettingsArea />;
  return (
    <Routes>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
