import type { MembershipDocumentMetrics } from '@fieldwork/contract';
import type { Queryable } from '../../platform/db/queryable';
import type { OrganisationContext } from '../../platform/http/context';
import { parseListQuery } from '../../platform/list-query/parse';
import { reader } from '../../platform/resource-kit';
import { signedDocumentsResource } from './signed-documents.resource';

/**
 * The inbox's outstanding documents (registered in src/modules.ts): the published, enabled
 * documents the caller is asked to sign and has not; with size 0 the count alone.
 */
export async function outstandingDocuments(ctx: OrganisationContext, size: number) {
  const query = { 'filter[outstanding]': 'true', sort: 'name' };
  if (size === 0) {
    const { filters } = parseListQuery(new URLSearchParams(query));
    return { count: await reader(signedDocumentsResource).count(ctx, { filters }), data: [] };
  }
  const parsed = parseListQuery(new URLSearchParams({ ...query, 'page[size]': String(size) }));
  const page = await reader(signedDocumentsResource).list(ctx, parsed);
  return { count: page.meta.total, data: page.data };
}

/**
 * Membership metrics (platform §3) for a page of members, in one query: the documents each is
 * asked to sign, those outstanding, and their last interaction with any.
 */
export async function membershipDocumentMetrics(
  db: Queryable,
  organisationId: string,
  userIds: string[],
): Promise<Map<string, MembershipDocumentMetrics>> {
  const { rows } = userIds.length
    ? await db.query<{
        user_id: string;
        total: number;
        outstanding: number;
        last: Date | null;
      }>(
        `SELECT m.user_id, count(*)::int AS total,
                count(*) FILTER (WHERE m.completed_at IS NULL AND d.published_at IS NOT NULL
                                   AND d.status = 'ACTIVE')::int AS outstanding,
                max(m.last_interaction) AS last
           FROM signed_document_members m
           JOIN signed_documents d ON d.organisation_id = m.organisation_id AND d.id = m.signed_document_id
          WHERE m.organisation_id = $1 AND m.user_id = ANY($2::text[])
          GROUP BY m.user_id`,
        [organisationId, userIds],
      )
    : { rows: [] };
  const byUser = new Map(rows.map((row) => [row.user_id, row]));
  return new Map(
    userIds.map((userId) => {
      const row = byUser.get(userId);
      return [
        userId,
        {
          signed_documents: row?.total ?? 0,
          signed_documents_outstanding: row?.outstanding ?? 0,
          signed_documents_last_interaction: row?.last ? new Date(row.last).toISOString() : null,
        },
      ];
    }),
  );
}
