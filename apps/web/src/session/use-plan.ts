import { currentMembership, currentOrganisation } from './session-helpers';
import { useSession } from './use-session';

/** The current organisation, its plan, whether the member is its owner, and server time now. */
export function usePlan() {
  const state = useSession();
  const organisation = currentOrganisation(state);
  return {
    organisation,
    plan: organisation.plan,
    owner: currentMembership(state).owner,
    now: () => new Date(Date.now() + state.approximateClockSkewMs),
  };
}
