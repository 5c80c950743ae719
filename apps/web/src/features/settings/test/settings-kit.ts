import type { Role } from '@fieldwork/contract';
import { act } from 'react';
import { vi } from 'vitest';
import { listOf, noContent } from '../../../test/answers';
import {
  makeId,
  makeMemberContext,
  makeOrganisation,
  makeUser,
  stamped,
  TIMESTAMP,
} from '../../../test/fixtures';
import { callsBelow, pathBelow } from '../../../test/fetch-stub';
import type { RecordedCall } from '../../../test/fetch-stub';
import { waitFor as waitForWithin } from '../../../test/render';
import { openSignedIn } from '../../../test/render-app';
import type {
  ApiKey,
  Device,
  Guest,
  GuestInvite,
  Member,
  MemberInvite,
  Qualification,
  Team,
} from '../../../ui/people-types';

export const organisation = makeOrganisation({ slug: 'acme', name: 'Acme Surveys' });
export const me = makeUser({ name: 'Ada Builder', email: 'ada@example.test' });
export const apiBase = `http://api.test/organisations/${organisation.id}`;

export function makeMember(overrides: Partial<Member> = {}): Member {
  return {
    ...stamped(),
    membership_id: makeId(),
    name: 'Olu Operative',
    email: 'olu@example.test',
    role: 'OPERATIVE',
    owner: false,
    active: true,
    guest: false,
    team_ids: [],
    team_names: [],
    projects: [],
    employment_info: {
      employee_number: null,
      tax_number: null,
      hourly_rate: null,
      daily_rate: null,
    },
    member_since: TIMESTAMP,
    deactivated_at: null,
    ...overrides,
  };
}

export function makeMemberInvite(overrides: Partial<MemberInvite> = {}): MemberInvite {
  return {
    id: makeId(),
    email: 'new@example.test',
    role: 'MANAGER',
    team_ids: [],
    invited_at: TIMESTAMP,
    expires_at: '2026-01-15T00:00:00.000Z',
    invited_by_user_id: me.id,
    invited_by_name: me.name,
    ...overrides,
  };
}

export function makeGuest(overrides: Partial<Guest> = {}): Guest {
  return {
    ...stamped(),
    membership_id: makeId(),
    name: 'Gina Guest',
    email: 'gina@example.test',
    projects: [{ project_id: makeId(), project_name: 'Harbour Bridge' }],
    guest_since: TIMESTAMP,
    ...overrides,
  };
}

export function makeGuestInvite(overrides: Partial<GuestInvite> = {}): GuestInvite {
  return {
    id: makeId(),
    email: 'client@example.test',
    projects: [{ project_id: makeId(), project_name: 'Harbour Bridge' }],
    invited_at: TIMESTAMP,
    expires_at: '2026-01-15T00:00:00.000Z',
    invited_by_user_id: me.id,
    invited_by_name: me.name,
    ...overrides,
  };
}

export function makeTeam(overrides: Partial<Team> = {}): Team {
  return {
    ...stamped(),
    name: 'North crew',
    shortname: 'NTH',
    user_ids: [],
    team_lead_id: null,
    team_lead_name: null,
    member_count: 0,
    archived_at: null,
    ...overrides,
  };
}

export function makeQualification(overrides: Partial<Qualification> = {}): Qualification {
  return {
    ...stamped(),
    user_id: me.id,
    user_name: me.name,
    name: 'First aid at work',
    reference: null,
    expiry_date: null,
    expiry_status: 'NO_EXPIRY',
    attachments: [],
    archived_at: null,
    ...overrides,
  };
}

export function makeDevice(overrides: Partial<Device> = {}): Device {
  return {
    ...stamped(),
    device_guid: makeId(),
    user_id: me.id,
    user_name: me.name,
    app_version_id: null,
    app_version_code: null,
    device_config: { make: null, model: 'Chrome 147', os_name: 'Linux', os_version: null },
    logged_in_at: TIMESTAMP,
    last_activity_at: TIMESTAMP,
    logged_out_at: null,
    current: false,
    impersonated: false,
    ...overrides,
  };
}

export function makeApiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    ...stamped(),
    organisation_id: organisation.id,
    name: 'Payroll export',
    key: { key: 'fwk_ab12' },
    last_used_at: null,
    created_by_user_id: me.id,
    ...overrides,
  };
}

export { listOf, noContent };

/** Signs in as `me` with `role` in Acme and opens a settings page; returns the calls and router. */
export async function openSettings(
  page: string,
  answer: (call: RecordedCall) => Response,
  { role }: { role: Role } = { role: 'ADMIN' },
) {
  const context = makeMemberContext(organisation, me, { role });
  return openSignedIn(context, `/organisations/acme/settings/${page}`, answer);
}

/** Path and query of a recorded call below the organisation (or the API root for core calls). */
export const pathOf = (call: RecordedCall) => pathBelow(call, organisation.id);

export const callsTo = (calls: RecordedCall[], method: string, path: string | RegExp) =>
  callsBelow(calls, organisation.id, method, path);

/**
 * waitFor with room for a busy machine: the screens render through the whole app (router, lazy
 * unit, session), which takes longer than the default two seconds when the cores are shared.
 */
export function waitFor<T>(check: () => T, timeoutMs = 6000): Promise<T> {
  return waitForWithin(check, timeoutMs);
}
// ...and for the tests around those waits.
vi.setConfig({ testTimeout: 30_000 });

// Finding and using controls ---------------------------------------------------------------------

const accessibleName = (element: Element) =>
  element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';

export function button(name: string, within: ParentNode = document): HTMLElement {
  const found = [
    ...within.querySelectorAll<HTMLElement>('button, a, [role="menuitem"], [role="tab"]'),
  ].find((element) => accessibleName(element) === name);
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}

export function queryButton(name: string, within: ParentNode = document): HTMLElement | null {
  try {
    return button(name, within);
  } catch {
    return null;
  }
}

export const click = (name: string, within?: () => ParentNode) =>
  waitFor(() => act(() => button(name, within?.()).click()));

/** The open dialog (a Mantine modal). */
export function dialog(): HTMLElement {
  const found = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].at(-1);
  if (!found) throw new Error('no dialog');
  return found;
}

/** An input by its label text (the required asterisk ignored) or aria-label. */
export function field(label: string, within: ParentNode = document): HTMLInputElement {
  const byAria = within.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);
  if (byAria) return byAria;
  const labelElement = [...within.querySelectorAll('label')].find(
    (element) => element.textContent?.replace(/\s*\*\s*$/, '').trim() === label,
  );
  const input = labelElement?.htmlFor ? document.getElementById(labelElement.htmlFor) : null;
  if (!(input instanceof HTMLInputElement)) throw new Error(`no field "${label}"`);
  return input;
}

/** Types a value into a field as a user would (React sees the input event). */
export async function fill(label: string, value: string, within?: () => ParentNode) {
  await waitFor(() =>
    act(() => {
      const input = field(label, within?.());
      // React tracks the value property: set it through the prototype's setter, as typing does.
      Reflect.set(HTMLInputElement.prototype, 'value', value, input);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }),
  );
}

/** Picks an option of a Mantine Select or MultiSelect by its label (in that field's own list). */
export async function choose(label: string, option: string) {
  await waitFor(() => act(() => field(label).click()));
  await waitFor(() =>
    act(() => {
      const listId = field(label).getAttribute('aria-controls');
      const list = listId ? document.getElementById(listId) : null;
      const found = [...(list?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])].find(
        (element) => element.textContent?.trim() === option,
      );
      if (!found) throw new Error(`no option "${option}" in "${label}"`);
      found.click();
    }),
  );
}

export async function submit(name: string) {
  await click(name, dialog);
}

/** The text of the table bodies on the page (not the header, navigation or menus). */
export function tableText(): string {
  return [...document.querySelectorAll('tbody')].map((body) => body.textContent ?? '').join(' ');
}

/** A Mantine Switch or Checkbox whose label starts with `label`. */
export function toggle(label: string): HTMLInputElement {
  const found = [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find(
    (input) =>
      input.closest('label')?.textContent?.trim().startsWith(label) ||
      input.getAttribute('aria-label') === label,
  );
  if (!found) throw new Error(`no switch "${label}"`);
  return found;
}

const RANK: Record<Role, number> = { GUEST: 0, OPERATIVE: 1, MANAGER: 2, ADMIN: 3 };
const STANDING = ['update_role', 'activate', 'deactivate', 'change_to_guest', 'delete'] as const;

/**
 * GET /members as the server answers it to `role` (docs/permissions.md): each member's
 * permissions (nobody changes their own standing or an owner's) and the list's.
 */
export function membersOverviewFor(
  role: Role,
  answer: { active: Member[]; inactive: Member[]; invited: MemberInvite[] },
) {
  const admin = RANK[role] >= RANK.ADMIN;
  const manager = RANK[role] >= RANK.MANAGER;
  const withPermissions = (member: Member): Member => {
    const standing = admin && member.id !== me.id && !member.owner;
    return {
      ...member,
      permissions: {
        ...Object.fromEntries(STANDING.map((action) => [action, standing])),
        force_delete: standing,
        update_employment_info: admin,
        add_to_teams: manager,
      },
    };
  };
  return {
    active: answer.active.map(withPermissions),
    inactive: answer.inactive.map(withPermissions),
    invited: answer.invited,
    meta: {
      permissions: {
        ...Object.fromEntries(STANDING.map((action) => [action, admin])),
        force_delete: admin,
        update_employment_info: admin,
        add_to_teams: manager,
        invite: admin,
      },
    },
  };
}

/** GET /guests as the server answers it to `role`: managers add to projects, admins make members. */
export function guestsOverviewFor(role: Role, answer: { active: Guest[]; invited: GuestInvite[] }) {
  const permissions = {
    add_to_projects: RANK[role] >= RANK.MANAGER,
    change_to_member: RANK[role] >= RANK.ADMIN,
  };
  return {
    active: answer.active.map((guest) => ({ ...guest, permissions })),
    invited: answer.invited,
    meta: { permissions: { ...permissions, invite: RANK[role] >= RANK.MANAGER } },
  };
}
