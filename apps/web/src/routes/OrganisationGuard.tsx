import { useEffect } from 'react';
import { Navigate, Outlet, useParams } from 'react-router-dom';
import { selectOrganisation } from '../session/session-helpers';
import { useSession } from '../session/use-session';
import { PageLoader } from '../ui/feedback/PageLoader';
import type { UnknownOrganisationState } from '../app/organisation-choice';
import { ORGANISATIONS_PATH } from '../app/paths';

/**
 * Organisation URLs carry the slug; the API wants the id. A slug that is missing or not among the
 * user's organisations goes to /organisations; otherwise the organisation becomes the current one
 * before anything below renders (the organisation client needs its id).
 */
export function OrganisationGuard() {
  const { slug } = useParams();
  const { organisations, organisationId } = useSession();
  const organisation = organisations.find((item) => item.slug === slug);
  const isCurrent = organisation !== undefined && organisation.id === organisationId;

  useEffect(() => {
    if (organisation && !isCurrent) selectOrganisation(organisation.id);
  }, [organisation, isCurrent]);

  if (!organisation) {
    const state: UnknownOrganisationState = { unknownOrganisationSlug: slug ?? '' };
    return <Navigate to={ORGANISATIONS_PATH} replace state={state} />;
  }
  if (!isCurrent) return <PageLoader />;
  return <Outlet />;
}
