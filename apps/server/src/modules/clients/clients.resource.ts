import { clientCreateSchema, clientSchema, clientUpdateSchema } from '@fieldwork/contract';
import { validationFailure } from '../../platform/errors';
import {
  ARCHIVE_VERBS,
  CRUD_VERBS,
  defineResource,
  nameOfField,
  type ResourceDeclaration,
} from '../../platform/resource-kit';
import { hasMany, userRef } from '../../platform/resource-kit';
// import-cycle-allowed -- clients and contacts expand into each other; the kit reads the reference lazily
import { contactsResource } from './contacts.resource';

const PROJECT_COUNT = `(SELECT count(*)::int FROM projects p
  WHERE p.organisation_id = t.organisation_id AND p.client_id = t.id AND p.deleted_at IS NULL)`;

export const clientsResource: ResourceDeclaration = defineResource({
  name: 'clients',
  label: 'Client',
  table: 'clients',
  record: clientSchema,
  create: clientCreateSchema,
  update: clientUpdateSchema,
  fields: {
    owner_id: { type: 'id', filter: true },
    owner_name: nameOfField('users', 'owner_id'),
    name: { type: 'text', filter: true, sort: true },
    last_activity_at: { type: 'timestamp', sort: true },
    archived_at: { type: 'timestamp', sort: true },
    project_count: { type: 'integer', sql: PROJECT_COUNT, filter: true, sort: true, sum: true },
  },
  search: ['name'],
  expand: { contacts: hasMany(() => contactsResource, 'client_id'), owner: userRef('owner_id') },
  defaultSort: 'name',
  verbs: [...CRUD_VERBS, ...ARCHIVE_VERBS, 'create_many', 'duplicate', 'duplicate_many'],
  // A copy is a new client with the name and owner; never its contacts, projects or activity.
  copy: { sets: async () => ({ last_activity_at: new Date().toISOString() }) },
  archivable: true,
  forceDelete: true,
  access: { read: 'OPERATIVE', write: 'MANAGER', forceDelete: 'ADMIN' },
  // The verbs' roles above are the whole table; declared so records carry their permissions.
  policy: {},
  rules: {
    async beforeWrite(ctx, values, existing) {
      const ownerId = values.owner_id === undefined && !existing ? ctx.user.id : values.owner_id;
      if (typeof ownerId === 'string' && ownerId !== ctx.user.id) {
        const { rows } = await ctx.db.query(
          `SELECT 1 FROM memberships WHERE organisation_id = $1 AND user_id = $2 AND active AND NOT guest`,
          [ctx.organisationId, ownerId],
        );
        if (!rows.length) {
          throw validationFailure([
            {
              field: 'owner_id',
              message: 'The owner must be an active member.',
              code: 'not_found',
            },
          ]);
        }
      }
      return { ...values, owner_id: ownerId, last_activity_at: new Date().toISOString() };
    },
    async deleteBlockers(ctx, ids) {
      const { rows } = await ctx.db.query<{ client_id: string; count: number }>(
        `SELECT client_id, count(*)::int AS count FROM projects
          WHERE organisation_id = $1 AND client_id = ANY($2::text[]) AND deleted_at IS NULL
          GROUP BY client_id`,
        [ctx.organisationId, ids],
      );
      return new Map(
        rows.map((row) => [
          row.client_id,
          `The client still has ${row.count} project${row.count === 1 ? '' : 's'}; archive it, or delete with force=true.`,
        ]),
      );
    },
    async beforeForceDelete(ctx, ids) {
      // Projects outlive a forced client deletion: their work records stay, without a client.
      await ctx.db.query(
        `UPDATE projects SET client_id = NULL, updated_at = now() WHERE organisation_id = $1 AND client_id = ANY($2::text[])`,
        [ctx.organisationId, ids],
      );
    },
  },
});
