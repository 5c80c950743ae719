import { currentMembership, isAtLeastRole } from './session-helpers';
import { useSession } from './use-session';

/**
 * What the signed-in member may do in settings, from the role of spec/platform.md §6. The server
 * enforces every one of these; the screens use them to hide or disable what would be refused.
 */
export function useSettingsPermissions() {
  const state = useSession();
  const membership = currentMembership(state);
  const guest = membership.guest || membership.role === 'GUEST';
  const manager = !guest && isAtLeastRole('MANAGER', state);
  const admin = !guest && isAtLeastRole('ADMIN', state);
  // Members and guests screens read what they may do from the server's answers (permissions).
  return {
    userId: membership.user_id,
    role: membership.role,
    /** Organisation pages (members, teams, qualifications) are for members, not guests. */
    seesOrganisation: !guest,
    manageApiKeys: admin,
    manageTeams: manager,
    /** Everyone's qualifications; members without it manage only their own. */
    manageAllQualifications: manager,
  };
}

export type SettingsPermissions = ReturnType<typeof useSettingsPermissions>;
