import type {
  LibraryProjectTemplate,
  LocationStatus,
  Project,
  ProjectMember,
  Role,
} from '@fieldwork/contract';
import { listOf } from '../../../test/answers';
import { makeId, makeMemberContext, stamped, TIMESTAMP } from '../../../test/fixtures';
import type { RecordedCall } from '../../../test/fetch-stub';
import { openSignedIn } from '../../../test/render-app';
import { me, organisation } from '../../settings/test/settings-kit';

export {
  apiBase,
  button,
  callsTo,
  choose,
  click,
  dialog,
  fill,
  field,
  listOf,
  me,
  noContent,
  organisation,
  pathOf,
  queryButton,
  submit,
  tableText,
  toggle,
  waitFor,
} from '../../settings/test/settings-kit';

/** What the server's policy table answers each role for the projects list (`meta.permissions`). */
export const PROJECT_LIST_PERMISSIONS = {
  ADMIN: { create: true, update: true, archive: true, delete: true, force_delete: true },
  MANAGER: { create: true, update: true, archive: true, delete: true, force_delete: false },
  OPERATIVE: { create: false, update: false, archive: false, delete: false, force_delete: false },
};

/** GET /projects as the server answers it: the page, and what the caller may do with the list. */
export function projectListOf(
  projects: unknown[],
  permissions: Record<string, boolean> = PROJECT_LIST_PERMISSIONS.ADMIN,
) {
  return listOf(projects, { permissions });
}

export function makeProject(overrides: Partial<Project> = {}): Project {
  return {
    ...stamped(),
    client_id: null,
    client_name: null,
    owner_id: null,
    owner_name: null,
    name: 'Harbour Wall',
    reference: null,
    package: null,
    developer: null,
    site_address: null,
    site_id: null,
    has_drawings: false,
    item_mode: 'BOTH',
    multi_site: false,
    enable_bulk_approval_actions: false,
    approvals_enabled: false,
    approvals_same_approver_allowed: true,
    approvals_show_on_report: false,
    duplicate_photo_detection: false,
    duplicate_photo_detection_prevent_approvals: false,
    location_reference_enabled: false,
    location_reference_label: null,
    default_rate_sets: [],
    archived: false,
    deleted: false,
    archived_at: null,
    deleted_at: null,
    metrics: { member_count: 0, guest_count: 0, block_count: 0 },
    files: { report_cover_image: null },
    project_template_id: null,
    // as the server answers an admin
    permissions: {
      update: true,
      delete: true,
      force_delete: true,
      archive: true,
      restore: true,
      duplicate: true,
      manage_members: true,
    },
    ...overrides,
  };
}

export function makeLocationStatus(overrides: Partial<LocationStatus> = {}): LocationStatus {
  return {
    ...stamped(),
    project_id: null,
    project_template_id: null,
    name: 'Not started',
    type: 'PENDING',
    order: 0,
    icon: 'pie-empty',
    color: 'grey',
    include_in_todo: true,
    ...overrides,
  };
}

export function makeProjectMember(overrides: Partial<ProjectMember> = {}): ProjectMember {
  return {
    user_id: makeId(),
    name: 'Olu Operative',
    email: 'olu@example.test',
    role: 'OPERATIVE',
    guest: false,
    can_start_jobs: true,
    can_edit: false,
    created_at: TIMESTAMP,
    ...overrides,
  };
}

export function makeLibraryTemplate(
  overrides: Partial<LibraryProjectTemplate> = {},
): LibraryProjectTemplate {
  return {
    ...stamped(),
    name: 'Fire stopping',
    description: 'Penetration seals inspected floor by floor.',
    forms: [{ name: 'Fire stopping inspection' }],
    location_statuses: [
      { name: 'To inspect', type: 'PENDING', icon: 'pie-empty', color: 'grey' },
      { name: 'Sealed', type: 'COMPLETED', icon: 'tick', color: 'green' },
    ],
    ...overrides,
  };
}

/** Signs in as `me` with `role` in Acme and opens `path` below the organisation. */
export async function openOrganisationPage(
  path: string,
  answer: (call: RecordedCall) => Response | Promise<Response>,
  { role = 'ADMIN', options }: { role?: Role; options?: Record<string, unknown> } = {},
) {
  const shown = options ? { ...organisation, options } : organisation;
  return openSignedIn(
    makeMemberContext(shown, me, { role }),
    `/organisations/acme/${path}`,
    answer,
  );
}
