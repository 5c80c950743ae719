import type { Role } from '@fieldwork/contract';

/**
 * The shapes of docs/identity-and-people.md that the settings screens read. They stand in for the
 * contract's people schemas until those land in packages/contract/src/people.ts.
 */

interface Timestamps {
  id: string;
  created_at: string;
  updated_at: string;
}

/** The roles a member can hold (GUEST is a separate list). */
export type MemberRole = Exclude<Role, 'GUEST'>;
export const MEMBER_ROLES: readonly MemberRole[] = ['ADMIN', 'MANAGER', 'OPERATIVE'];

export interface EmploymentInfo {
  employee_number: string | null;
  tax_number: string | null;
  hourly_rate: number | null;
  daily_rate: number | null;
}

export interface MemberProject {
  project_id: string;
  project_name: string;
  can_start_jobs?: boolean;
  can_edit?: boolean;
}

export interface Member extends Timestamps {
  membership_id: string;
  name: string;
  email: string;
  role: Role;
  owner: boolean;
  active: boolean;
  guest: boolean;
  team_ids: string[];
  team_names: string[];
  projects: MemberProject[];
  employment_info: EmploymentInfo | null;
  member_since: string | null;
  deactivated_at: string | null;
}

export interface MemberInvite {
  id: string;
  email: string;
  role: Role;
  invited_at: string;
  expires_at: string | null;
  invited_by_user_id?: string | null;
  invited_by_name?: string | null;
}

export interface MembersAnswer {
  active: Member[];
  inactive: Member[];
  invited: MemberInvite[];
}

export interface Guest {
  id: string;
  membership_id: string;
  name: string;
  email: string;
  projects: MemberProject[];
  guest_since: string | null;
}

export interface GuestInvite {
  id: string;
  email: string;
  projects: MemberProject[];
  invited_at: string;
  expires_at: string | null;
}

export interface GuestsAnswer {
  active: Guest[];
  invited: GuestInvite[];
}

export interface Team extends Timestamps {
  name: string;
  shortname: string | null;
  user_ids: string[];
  team_lead_id: string | null;
  team_lead_name: string | null;
  member_count: number;
  archived_at: string | null;
}

export const EXPIRY_STATUSES = ['EXPIRED', 'EXPIRING', 'VALID', 'NO_EXPIRY'] as const;
export type ExpiryStatus = (typeof EXPIRY_STATUSES)[number];

export interface Attachment {
  id: string;
  name: string;
  size: number;
  content_type: string;
  url: string;
}

export interface Qualification extends Timestamps {
  user_id: string;
  user_name: string | null;
  name: string;
  reference: string | null;
  expiry_date: string | null;
  expiry_status: ExpiryStatus;
  attachments: Attachment[];
}

export interface DeviceConfig {
  make: string | null;
  model: string | null;
  os_name: string | null;
  os_version: string | null;
}

export interface Device extends Timestamps {
  device_guid: string | null;
  user_id: string;
  user_name: string | null;
  app_version_id: string | null;
  app_version_code: string | null;
  device_config: DeviceConfig | null;
  logged_in_at: string | null;
  last_activity_at: string | null;
  logged_out_at: string | null;
  current: boolean;
  impersonated: boolean;
}

export interface DevicesAnswer {
  active: Device[];
  inactive: Device[];
}

export interface ApiKey extends Timestamps {
  organisation_id: string;
  name: string;
  key: { key: string };
  /** Only in the answer to POST /api_keys. */
  secret?: string;
  last_used_at: string | null;
  created_by_user_id: string | null;
}

export interface Preferences {
  new_jobs_experience_enabled: boolean;
  auto_proceed_on_approval: boolean;
}
