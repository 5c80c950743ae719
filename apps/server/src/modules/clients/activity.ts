import { clientActivityEntrySchema, idSchema } from '@fieldwork/contract';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { route, type RouteDef } from '../../platform/http/route';

/** How many lines a client's page shows: the most recent changes. */
export const CLIENT_ACTIVITY_LIMIT = 50;

/**
 * GET /clients/{id}/activity: the audit trail of the client, of its contacts and of its
 * projects, newest first (the spec names no such call; docs/decisions.md "Client page").
 */
export function clientActivityRoute(): RouteDef {
  return route({
    method: 'GET',
    path: '/clients/:id/activity',
    access: 'organisation',
    minRole: 'OPERATIVE',
    tags: ['Client'],
    summary: 'The latest changes to a client, its contacts and its projects, newest first',
    params: z.object({ id: idSchema }),
    response: z.object({ data: z.array(clientActivityEntrySchema) }),
    handler: async (ctx, { params }) => {
      const client = await ctx.db.query(
        `SELECT 1 FROM clients WHERE organisation_id = $1 AND id = $2`,
        [ctx.organisationId, params.id],
      );
      if (!client.rows[0]) throw notFound('Client');
      const { rows } = await ctx.db.query(
        `SELECT a.id, a.collection_name, a.document_id, a.action, a.performed_at,
                u.name AS performed_by_name,
                COALESCE(c.name, ct.name, p.name) AS document_name
           FROM audit_entries a
           LEFT JOIN users u ON u.id = a.performed_by_user_id
           LEFT JOIN clients c
             ON a.collection_name = 'clients' AND c.organisation_id = a.organisation_id
            AND c.id = a.document_id
           LEFT JOIN contacts ct
             ON a.collection_name = 'contacts' AND ct.organisation_id = a.organisation_id
            AND ct.id = a.document_id
           LEFT JOIN projects p
             ON a.collection_name = 'projects' AND p.organisation_id = a.organisation_id
            AND p.id = a.document_id
          WHERE a.organisation_id = $1
            AND ((a.collection_name = 'clients' AND a.document_id = $2)
              OR (a.collection_name = 'contacts' AND ct.client_id = $2)
              OR (a.collection_name = 'projects' AND p.client_id = $2))
          ORDER BY a.performed_at DESC, a.id DESC
          LIMIT ${CLIENT_ACTIVITY_LIMIT}`,
        [ctx.organisationId, params.id],
      );
      return {
        data: rows.map((row) => ({
          ...row,
          performed_at: new Date(row.performed_at as string | Date).toISOString(),
        })),
      };
    },
  });
}
