import { Navigate, Route, Routes } from 'react-router-dom';
import { PreboardingGate } from '../../features/preboarding/PreboardingGate';
import { PreboardingRoutes } from '../../features/preboarding/PreboardingRoutes';
import { SetupLayout } from '../../features/setup/SetupLayout';
import { SetupSubscriptionRoutes } from '../../features/setup/SetupSubscriptionRoutes';
import { NotFoundPage } from '../../app/NotFoundPage';

/**
 * Lazy unit 3: the organisation setup area /organisation-setup/{slug}/ (spec/platform.md §2):
 * preboarding (start, questionnaire/{step}, invite, complete) and the subscription pages.
 */
export default function SetupArea() {
  return (
    <Routes>
      <Route element={<SetupLayout />}>
        <Route element={<PreboardingGate />}>
          <Route index element={<Navigate to="preboarding/start" replace />} />
          <Route path="preboarding/*" element={<PreboardingRoutes />} />
          <Route path="subscription/*" element={<SetupSubscriptionRoutes />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
