import { currentMembership, isAtLeastRole } from '../../session/session-helpers';
import { useSession } from '../../session/use-session';

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
  return {
    userId: membership.user_id,
    role: membership.role,
    /** Organisation pages (members, teams, qualifications) are for members, not guests. */
    seesOrganisation: !guest,
    manageMembers: admin,
    /** POST /members/{id}/add_to_teams is open to managers too. */
    addMembersToTeams: manager,
    manageApiKeys: admin,
    /** Invite, resend, cancel, add to projects; making a guest a member is for admins. */
    manageGuests: manager,
    changeGuestToMember: admin,
    manageTeams: manager,
    /** Everyone's qualifications; members without it manage only their own. */
    manageAllQualifications: manager,
  };
}

export type SettingsPermissions = ReturnType<typeof useSettingsPermissions>;
