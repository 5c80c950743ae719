import type { OrganisationContext } from '../../http/context';
import type { Row } from '../declaration';
import { quote } from '../sql';
import { checkReferences, prepare } from './references';
import { audit, type AuditedRow, type WriteScope } from './scope';

/**
 * Updates one record (rules first, references checked), audited UPDATE with its changes; the
 * rules' afterUpdate runs even when no column changed, with the body as sent.
 */
export async function update(
  scope: WriteScope,
  ctx: OrganisationContext,
  existing: Row,
  input: Record<string, unknown>,
) {
  const { declaration, table, key } = scope;
  const values = await prepare(declaration, ctx, input, existing);
  const columns = Object.keys(values).filter((column) => values[column] !== undefined);
  await checkReferences(declaration, ctx, [values]);
  // Keys that are not columns (a guest's projects, a member's teams) are the rule's to write.
  if (columns.length === 0) {
    await declaration.rules?.afterUpdate?.(ctx, existing, values, input);
    return;
  }
  const { rows } = await ctx.db.query<AuditedRow>(
    `WITH audit_before AS (SELECT to_jsonb(b) AS audit_before_image
                               FROM ${table} b WHERE b.organisation_id = $1 AND b.${key} = $2)
       UPDATE ${table} SET ${columns.map((c, i) => `${quote(c)} = $${i + 3}`).join(', ')}, updated_at = now()
         FROM audit_before WHERE organisation_id = $1 AND ${key} = $2
       RETURNING ${key} AS id, id AS row_id, audit_before_image`,
    [ctx.organisationId, existing.id, ...columns.map((column) => values[column])],
  );
  const changes = Object.fromEntries(
    columns.map((column) => [column, { from: existing[column], to: values[column] }]),
  );
  await declaration.rules?.afterUpdate?.(ctx, existing, values, input);
  await audit(scope, ctx, rows, 'UPDATE', changes);
}
