import { Navigate, Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../../app/NotFoundPage';
import { SubscriptionBillingPage } from './SubscriptionBillingPage';
import { SubscriptionPlanPage } from './SubscriptionPlanPage';
import { SubscriptionStartPage } from './SubscriptionStartPage';

/** /organisation-setup/{slug}/subscription/*: start, plan, billing (the new subscription flow). */
export function SetupSubscriptionRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="start" replace />} />
      <Route path="start" element={<SubscriptionStartPage />} />
      <Route path="plan" element={<SubscriptionPlanPage />} />
      <Route path="billing" element={<SubscriptionBillingPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
