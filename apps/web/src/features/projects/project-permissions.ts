import { currentMembership, isAtLeastRole } from '../../session/session-helpers';
import { useSession } from '../../session/use-session';

/**
 * What the signed-in member may do with projects (projects API: reading OPERATIVE and above,
 * writing MANAGER and above, forced deletion ADMIN). The server enforces all of it; the screens
 * hide what it would refuse.
 */
export function useProjectPermissions() {
  const state = useSession();
  const membership = currentMembership(state);
  const guest = membership.guest || membership.role === 'GUEST';
  return {
    userId: membership.user_id,
    guest,
    read: !guest,
    manage: !guest && isAtLeastRole('MANAGER', state),
    forceDelete: !guest && isAtLeastRole('ADMIN', state),
  };
}
