import type { Organisation } from '@fieldwork/contract';
import { currentOrganisation } from './session-helpers';
import { useSession } from './use-session';

/** The organisation chosen by the URL (only below the organisation guard). */
export function useCurrentOrganisation(): Organisation {
  return currentOrganisation(useSession());
}
