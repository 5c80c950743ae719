import { Route, Routes } from 'react-router-dom';
import { AccountArea } from '../../features/account/AccountArea';
import { BillingArea } from '../../features/billing/BillingArea';
import { LibraryArea } from '../../features/library/LibraryArea';
import { SettingsArea } from '../../features/settings/SettingsArea';
import { SubscriptionArea } from '../../features/subscription/SubscriptionArea';
import { NotFoundPage } from '../NotFoundPage';

/**
 * Lazy unit 1: the settings, library, account, billing and subscription areas. `area` is the
 * first path segment below the organisation; areas not built yet are "not found".
 */
export default function OrganisationAreas({ area }: { area: string }) {
  if (area === 'settings') return <SettingsArea />;
  if (area === 'account') return <AccountArea />;
  if (area === 'billing') return <BillingArea />;
  if (area === 'subscription') return <SubscriptionArea />;
  if (area === 'library') return <LibraryArea />;
  return (
    <Routes>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
