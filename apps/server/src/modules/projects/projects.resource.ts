import {
  projectCreateSchema,
  projectDuplicateSchema,
  projectSchema,
  projectUpdateSchema,
} from '@fieldwork/contract';
import {
  ARCHIVE_VERBS,
  CRUD_VERBS,
  defineResource,
  nameOfField,
  type FieldDeclaration,
  type ResourceDeclaration,
} from '../../platform/resource-kit';
import { belongsTo, userRef } from '../../platform/resource-kit';
import { reader, writer } from '../../platform/resource-kit';
import { clientsResource } from '../clients';
import { sitesResource } from '../sites';
import { checkActiveMember } from './checks';
import { configurationExpansions } from './configuration';
import { projectMembersExpansion } from './members';
import { COVER_IMAGE_TTL_SECONDS } from './cover-image';
import { duplicateOwner } from './duplicate';
import { configureCreated, settingsToWrite } from './sources';

/** Rate sets named by default_rate_set_ids, in that order, as {id, name}. */
const DEFAULT_RATE_SETS_SQL = `(SELECT coalesce(json_agg(json_build_object('id', r.id, 'name', r.name)
    ORDER BY array_position(t.default_rate_set_ids, r.id)), '[]'::json)
  FROM rate_sets r WHERE r.organisation_id = t.organisation_id AND r.id = ANY(t.default_rate_set_ids))`;

/** The approval, photo and location settings a project shares with the templates it starts from. */
export const PROJECT_SETTINGS_FIELDS = {
  enable_bulk_approval_actions: { type: 'boolean' },
  approvals_enabled: { type: 'boolean', filter: true },
  approvals_show_on_report: { type: 'boolean' },
  duplicate_photo_detection: { type: 'boolean' },
  duplicate_photo_detection_prevent_approvals: { type: 'boolean' },
  location_reference_enabled: { type: 'boolean' },
  location_reference_label: { type: 'text' },
  default_rate_sets: { type: 'json', sql: DEFAULT_RATE_SETS_SQL },
} satisfies Record<string, FieldDeclaration>;

const MEMBER_COUNT = (guest: boolean) => `(SELECT count(*)::int FROM project_members pm
  JOIN memberships m ON m.organisation_id = pm.organisation_id AND m.user_id = pm.user_id
 WHERE pm.organisation_id = t.organisation_id AND pm.project_id = t.id AND m.active AND ${guest ? '' : 'NOT '}m.guest)`;
const BLOCK_COUNT = `(SELECT count(*)::int FROM blocks b
  WHERE b.organisation_id = t.organisation_id AND b.project_id = t.id AND b.deleted_at IS NULL)`;
const LOCATION_COUNT = `(SELECT count(*)::int FROM locations lc
  WHERE lc.organisation_id = t.organisation_id AND lc.project_id = t.id)`;

export const projectsResource: ResourceDeclaration = defineResource({
  name: 'projects',
  label: 'Project',
  table: 'projects',
  record: projectSchema,
  create: projectCreateSchema,
  update: projectUpdateSchema,
  fields: {
    client_id: { type: 'id', filter: true },
    client_name: nameOfField('clients', 'client_id', { sort: true }),
    owner_id: { type: 'id', filter: true },
    owner_name: nameOfField('users', 'owner_id'),
    name: { type: 'text', filter: true, sort: true },
    reference: { type: 'text', filter: true, sort: true },
    package: { type: 'text', filter: true },
    developer: { type: 'text', filter: true },
    site_address: { type: 'text' },
    site_id: { type: 'id', filter: true },
    has_drawings: { type: 'boolean', filter: true },
    item_mode: { type: 'text', filter: true },
    multi_site: { type: 'boolean', filter: true },
    ...PROJECT_SETTINGS_FIELDS,
    approvals_same_approver_allowed: { type: 'boolean' },
    archived: { type: 'boolean', sql: '(t.archived_at IS NOT NULL)' },
    deleted: { type: 'boolean', sql: '(t.deleted_at IS NOT NULL)' },
    archived_at: { type: 'timestamp', sort: true },
    deleted_at: { type: 'timestamp', sort: true },
    metrics: {
      type: 'json',
      sql: `json_build_object('member_count', ${MEMBER_COUNT(false)}, 'guest_count', ${MEMBER_COUNT(true)},
        'block_count', ${BLOCK_COUNT})`,
    },
    location_count: { type: 'integer', sql: LOCATION_COUNT, sort: true },
    files: {
      type: 'json',
      sql: `json_build_object('report_cover_image', t.report_cover_image->>'key')`,
    },
    project_template_id: { type: 'id', filter: true },
  },
  references: {
    client_id: { table: 'clients', label: 'Client' },
    site_id: { table: 'sites', label: 'Site', live: 'deleted_at IS NULL' },
  },
  search: ['name', 'reference'],
  expand: {
    client: belongsTo(() => clientsResource, 'client_id'),
    owner: userRef('owner_id'),
    site: belongsTo(() => sitesResource, 'site_id'),
    members: projectMembersExpansion,
    ...configurationExpansions('project_id'),
  },
  defaultSort: 'name',
  verbs: [
    ...CRUD_VERBS,
    ...ARCHIVE_VERBS,
    'create_many',
    'restore',
    'restore_many',
    'duplicate',
    'duplicate_many',
  ],
  // A copy takes the settings, configuration lists and members, never the work records; the
  // one-record call may name the copy and give it another client ({name?, client_id?}).
  copy: {
    body: projectDuplicateSchema.unwrap(),
    async rows(ctx, ids, body) {
      const overrides = body as { name?: string; client_id?: string | null };
      if (overrides.client_id)
        await writer(projectsResource).checkReferences(ctx, [{ client_id: overrides.client_id }]);
      const copies = new Map<string, string>();
      for (const id of ids) {
        const copy = await duplicateOwner(ctx, { column: 'project_id', id }, overrides);
        if (copy) copies.set(id, copy);
      }
      return copies;
    },
  },
  archivable: true,
  softDelete: true,
  forceDelete: true,
  access: { read: 'OPERATIVE', write: 'MANAGER', forceDelete: 'ADMIN' },
  policy: {
    // The project's people (project-people.ts asks this entry before every change).
    manage_members: {
      role: 'MANAGER',
      rule: {
        role: 'OPERATIVE',
        note: 'only as a member of the project with can_edit',
        sql: (ctx, params) =>
          `EXISTS (SELECT 1 FROM project_members pm WHERE pm.organisation_id = t.organisation_id
                     AND pm.project_id = t.id AND pm.user_id = ${params.add(ctx.user.id)} AND pm.can_edit)`,
      },
    },
  },
  present(row, ctx) {
    const files = row.files as { report_cover_image: string | null };
    const key = files.report_cover_image;
    return {
      ...row,
      files: {
        report_cover_image: key
          ? ctx.services.storage.signedUrl(key, { ttlSeconds: COVER_IMAGE_TTL_SECONDS })
          : null,
      },
    };
  },
  rules: {
    async beforeWrite(ctx, values, existing) {
      const rest = await settingsToWrite(ctx, values, existing);
      if (typeof rest.site_id === 'string' && rest.site_id !== existing?.site_id) {
        // A project put on a site without an address of its own takes the site's.
        const address = (rest.site_address ?? existing?.site_address) as string | null | undefined;
        const [site] = await reader(sitesResource).findMany(ctx, [rest.site_id]);
        if (site?.full_address && !address?.trim()) rest.site_address = site.full_address;
      }
      if (!existing && rest.owner_id === undefined) rest.owner_id = ctx.user.id;
      if (typeof rest.owner_id === 'string' && rest.owner_id !== existing?.owner_id) {
        await checkActiveMember(ctx, rest.owner_id, 'owner_id');
      }
      return rest;
    },
    async afterInsert(ctx, created) {
      await configureCreated(ctx, 'project_id', created);
      // The owner is on the project from the start, with every project permission.
      await ctx.db.query(
        `INSERT INTO project_members (organisation_id, project_id, user_id, can_start_jobs, can_edit)
         SELECT p.organisation_id, p.id, p.owner_id, true, true FROM projects p
          WHERE p.organisation_id = $1 AND p.id = ANY($2::text[]) AND p.owner_id IS NOT NULL
         ON CONFLICT DO NOTHING`,
        [ctx.organisationId, created.map(({ id }) => id)],
      );
    },
    async afterDelete(ctx, ids) {
      // A deleted project has no members: its guests and members lose access to it at once.
      await ctx.db.query(
        `DELETE FROM project_members WHERE organisation_id = $1 AND project_id = ANY($2::text[])`,
        [ctx.organisationId, ids],
      );
    },
  },
});
