// The people feature's public face: what routes/ and other features use.
export { InviteEmailInput } from './InviteEmailInput';
export { GuestsPage } from './guests/GuestsPage';
export { useCancelGuestInvite, useGuests, useResendGuestInvite } from './guests/guests-api';
export { MembersPage } from './members/MembersPage';
export { ROLE_OPTIONS } from './members/RoleSelect';
export { useMemberOptions } from './members/member-options';
export { useTeamOptions } from './members/team-options';
export { useMembers } from './members/members-api';
