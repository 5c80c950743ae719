import { ID_PATTERN, idSchema } from '@fieldwork/contract';
import { z } from 'zod';
import { newApiKeySecret } from '../../platform/auth/api-keys';
import type { Queryable } from '../../platform/db/queryable';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import type { UserContext } from '../../platform/http/context';
import { route } from '../../platform/http/route';
import { checkListQuery } from '../../platform/list-query/check';
import { parseListQuery } from '../../platform/list-query/parse';
import { newId } from '../../platform/ids';
import { present } from '../../platform/resource-kit';

const tags = ['API keys'];
/** GET /api_keys answers every key at once, newest first: one filter, no sorts or sums. */
const API_KEY_LIST = { filters: ['organisation_id'], sorts: [], expands: [], sums: [] };

export const apiKeySchema = z
  .object({
    id: idSchema,
    organisation_id: idSchema,
    name: z.string(),
    key: z.object({ key: z.string().describe('Displayable prefix of the secret') }),
    secret: z.string().optional().describe('The whole secret; only in the answer that creates it'),
    last_used_at: z.string().nullable(),
    created_by_user_id: idSchema.nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'ApiKey' });

const COLUMNS = `id, organisation_id, name, key_prefix, last_used_at, created_by_user_id,
                 created_at, updated_at`;

function presentKey(row: Record<string, unknown>) {
  const { key_prefix: prefix, ...rest } = present(row);
  return { ...rest, key: { key: String(prefix) } };
}

/**
 * API keys are core routes naming their organisation, so the admin check and the row-level
 * security scope are set here rather than by the organisation route pipeline.
 */
async function enterOrganisationAsAdmin(ctx: UserContext, organisationId: string) {
  const { rows } = await ctx.db.query<{ role: string }>(
    `SELECT role FROM memberships
      WHERE organisation_id = $1 AND user_id = $2 AND active AND deleted_at IS NULL`,
    [organisationId, ctx.user.id],
  );
  if (!rows[0]) throw forbidden('You are not a member of this organisation.', 'not_a_member');
  if (rows[0].role !== 'ADMIN') throw forbidden('This needs the ADMIN role.', 'role_required');
  await ctx.db.query(`SELECT set_config('app.organisation_id', $1, true)`, [organisationId]);
}

async function adminOrganisations(db: Queryable, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ organisation_id: string }>(
    `SELECT organisation_id FROM memberships
      WHERE user_id = $1 AND role = 'ADMIN' AND active AND deleted_at IS NULL`,
    [userId],
  );
  return rows.map((row) => row.organisation_id);
}

export const apiKeyRoutes = () => [
  route({
    method: 'POST',
    path: '/api_keys',
    access: 'user',
    accessNote: 'ADMIN of the organisation named in the body or filter',
    tags,
    summary: 'Create an organisation API key (ADMIN); the secret is shown only in this answer',
    body: z.object({
      organisation_id: idSchema,
      name: z.string().trim().min(1, 'Required').max(255),
    }),
    status: 201,
    response: z.object({ data: apiKeySchema }),
    handler: async (ctx, { body }) => {
      await enterOrganisationAsAdmin(ctx, body.organisation_id);
      const id = newId();
      const { secret, key, secretHash } = newApiKeySecret(id);
      const { rows } = await ctx.db.query(
        `INSERT INTO api_keys (id, organisation_id, name, key_prefix, secret_hash, created_by_user_id)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
        [id, body.organisation_id, body.name, key, secretHash, ctx.user.id],
      );
      return { data: { ...presentKey(rows[0]!), secret } };
    },
  }),
  route({
    method: 'GET',
    path: '/api_keys',
    access: 'user',
    accessNote: 'ADMIN of the organisation named in the body or filter',
    tags,
    summary:
      'The API keys of the organisations the user administers, newest first (filter[organisation_id])',
    list: API_KEY_LIST,
    response: z.object({ data: z.array(apiKeySchema) }),
    handler: async (ctx, { search }) => {
      const query = parseListQuery(search);
      checkListQuery(query, API_KEY_LIST);
      const [wanted, ...more] = query.filters.get('organisation_id') ?? [];
      if (more.length || (wanted !== undefined && !ID_PATTERN.test(wanted)))
        throw badRequest('filter[organisation_id] takes one 24-character hex id.', 'bad_filter');
      const organisations = wanted ? [wanted] : await adminOrganisations(ctx.db, ctx.user.id);
      const data = [];
      for (const organisationId of organisations) {
        await enterOrganisationAsAdmin(ctx, organisationId);
        const { rows } = await ctx.db.query(
          `SELECT ${COLUMNS} FROM api_keys
            WHERE organisation_id = $1 AND deleted_at IS NULL ORDER BY created_at DESC`,
          [organisationId],
        );
        data.push(...rows.map(presentKey));
      }
      return { data };
    },
  }),
  route({
    method: 'DELETE',
    path: '/api_keys/:id',
    access: 'user',
    accessNote: "ADMIN of the key's organisation",
    tags,
    summary: 'Delete an API key; it stops working at once',
    params: z.object({ id: idSchema }),
    handler: async (ctx, { params }) => {
      // The key's organisation is only known from the key, which RLS hides until it is in scope.
      for (const organisationId of await adminOrganisations(ctx.db, ctx.user.id)) {
        await enterOrganisationAsAdmin(ctx, organisationId);
        const { rows } = await ctx.db.query(
          `UPDATE api_keys SET deleted_at = now(), updated_at = now()
            WHERE id = $1 AND organisation_id = $2 AND deleted_at IS NULL RETURNING id`,
          [params.id, organisationId],
        );
        if (rows.length) return undefined;
      }
      throw notFound('API key');
    },
  }),
];
