import { Navigate, Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../../app/NotFoundPage';
import { BillingLayout } from './BillingLayout';
import { BillingOverviewPage } from './BillingOverviewPage';
import { InvoicesPage } from './InvoicesPage';
import { PaymentMethodPage } from './PaymentMethodPage';
import { SubscriptionPage } from './SubscriptionPage';

/**
 * /organisations/{slug}/billing/*: overview, subscription, payment method and invoices (part of
 * the organisation-areas unit). The plan gate lets only the owner of an active plan in.
 */
export function BillingArea() {
  return (
    <Routes>
      <Route element={<BillingLayout />}>
        <Route index element={<Navigate to="overview" replace />} />
        <Route path="overview" element={<BillingOverviewPage />} />
        <Route path="subscription" element={<SubscriptionPage />} />
        <Route path="payment-method" element={<PaymentMethodPage />} />
        <Route path="invoices" element={<InvoicesPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
