import type {
  Attachment,
  Device,
  Guest,
  GuestInvite,
  GuestsOverview,
  Member,
  MemberInvite,
  MemberRole,
  MembersOverview,
  Membership,
  Qualification,
  QualificationExpiryStatus,
  Team,
} from '@fieldwork/contract';

/**
 * The people and account shapes the settings screens read: the contract's types (types only,
 * so the web bundle stays free of zod), plus API keys, which the contract does not describe yet.
 */
export type {
  Attachment,
  Device,
  Guest,
  GuestInvite,
  Member,
  MemberInvite,
  MemberRole,
  Qualification,
  Team,
};
export type MembersAnswer = MembersOverview;
export type GuestsAnswer = GuestsOverview;
export type ExpiryStatus = QualificationExpiryStatus;
export type EmploymentInfo = Member['employment_info'];
export type Preferences = Membership['preferences'];

/** A project of a member or a guest (members also carry their permissions in it). */
export interface MemberProject {
  project_id: string;
  project_name: string;
  can_start_jobs?: boolean;
  can_edit?: boolean;
}

/** The roles a member can hold (GUEST is a separate list); the contract's MEMBER_ROLES. */
export const MEMBER_ROLES: readonly MemberRole[] = ['ADMIN', 'MANAGER', 'OPERATIVE'];

export interface DevicesAnswer {
  active: Device[];
  inactive: Device[];
}

/** GET /api_keys (docs/identity-and-people.md "API keys"). */
export interface ApiKey {
  id: string;
  organisation_id: string;
  name: string;
  /** The displayable prefix of the secret. */
  key: { key: string };
  /** Only in the answer to POST /api_keys. */
  secret?: string;
  last_used_at: string | null;
  created_by_user_id: string | null;
  created_at: string;
  updated_at: string;
}
