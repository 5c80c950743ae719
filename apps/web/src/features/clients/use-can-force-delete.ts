import { isAtLeastRole } from '../../session/session-helpers';
import { useSession } from '../../session/use-session';

/** Forced deletion of clients (?force=true) is for admins: others are not offered it. */
export function useCanForceDelete() {
  return isAtLeastRole('ADMIN', useSession());
}
