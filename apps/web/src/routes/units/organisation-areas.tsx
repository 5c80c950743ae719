import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../../app/NotFoundPage';
import { lazyComponent } from '../../ui/lazy-component';

// Each area is its own chunk; OrganisationLayout's Suspense shows the loader meanwhile.
const SettingsArea = lazyComponent(
  () => import('../../features/settings/SettingsArea'),
  'SettingsArea',
);
const AccountArea = lazyComponent(
  () => import('../../features/account/AccountArea'),
  'AccountArea',
);
const BillingArea = lazyComponent(
  () => import('../../features/billing/BillingArea'),
  'BillingArea',
);
const SubscriptionArea = lazyComponent(
  () => import('../../features/subscription/SubscriptionArea'),
  'SubscriptionArea',
);
const LibraryArea = lazyComponent(
  () => import('../../features/library/LibraryArea'),
  'LibraryArea',
);

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
