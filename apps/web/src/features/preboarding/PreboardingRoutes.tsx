import { Navigate, Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../../app/NotFoundPage';
import { PreboardingCompletePage } from './PreboardingCompletePage';
import { PreboardingInvitePage } from './PreboardingInvitePage';
import { PreboardingStartPage } from './PreboardingStartPage';
import { QuestionnairePage } from './QuestionnairePage';

/** /organisation-setup/{slug}/preboarding/*: start, questionnaire/{step}, invite, complete. */
export function PreboardingRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="start" replace />} />
      <Route path="start" element={<PreboardingStartPage />} />
      <Route path="questionnaire" element={<Navigate to="team" replace />} />
      <Route path="questionnaire/:step" element={<QuestionnairePage />} />
      <Route path="invite" element={<PreboardingInvitePage />} />
      <Route path="complete" element={<PreboardingCompletePage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
