import { Navigate, Route, Routes } from 'react-router-dom';
import { PreboardingGate, PreboardingRoutes } from '../../features/preboarding';
import { SetupLayout, SetupSubscriptionRoutes } from '../../features/setup';
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
