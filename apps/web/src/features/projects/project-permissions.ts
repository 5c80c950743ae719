import { currentMembership, isAtLeastRole } from '../../session/session-helpers';
import { useSession } from '../../session/use-session';

/**
 * What the signed-in member may do with the projects list as a whole (reading: members, not
 * guests; creating and bulk changes: MANAGER and above). What they may do with one project comes
 * with the project itself (`project.permissions`, from the server's policy table).
 */
export function useProjectPermissions() {
  const state = useSession();
  const membership = currentMembership(state);
  const guest = membership.guest || membership.role === 'GUEST';
  return { read: !guest, manage: !guest && isAtLeastRole('MANAGER', state) };
}
