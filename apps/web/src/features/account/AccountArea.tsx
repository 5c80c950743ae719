import { Navigate, Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../../app/NotFoundPage';
import { AccountLayout } from './AccountLayout';
import { AccountOrganisationPage } from './AccountOrganisationPage';
import { AccountSupportPage } from './AccountSupportPage';

/** /organisations/{slug}/account/*: organisation and support (part of the organisation-areas unit). */
export function AccountArea() {
  return (
    <Routes>
      <Route element={<AccountLayout />}>
        <Route index element={<Navigate to="organisation" replace />} />
        <Route path="organisation" element={<AccountOrganisationPage />} />
        <Route path="support" element={<AccountSupportPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
