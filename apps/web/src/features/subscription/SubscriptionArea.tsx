import { Navigate, Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../../app/NotFoundPage';
import { PaymentOverduePage } from './PaymentOverduePage';
import { SignupPage } from './SignupPage';
import { SignupSuccessPage } from './SignupSuccessPage';
import { SubscriptionEndedPage, SubscriptionRequiredPage, TrialEndedPage } from './StatusPages';
import { UpdateSeatsPage } from './UpdateSeatsPage';

/**
 * /organisations/{slug}/subscription/*: the status pages, payment-overdue, signup and the seat
 * change (part of the organisation-areas unit). The plan gate decides who may stay on each.
 */
export function SubscriptionArea() {
  return (
    <Routes>
      <Route index element={<Navigate to="update" replace />} />
      <Route path="required" element={<SubscriptionRequiredPage />} />
      <Route path="trial-ended" element={<TrialEndedPage />} />
      <Route path="ended" element={<SubscriptionEndedPage />} />
      <Route path="payment-overdue" element={<PaymentOverduePage />} />
      <Route path="signup" element={<SignupPage />} />
      <Route path="signup/success" element={<SignupSuccessPage />} />
      <Route path="update" element={<UpdateSeatsPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
