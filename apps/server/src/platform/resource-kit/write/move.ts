import { validationFailure } from '../../errors';
import type { OrganisationContext } from '../../http/context';
import { quote } from '../sql';
import { bulkUpdate } from './bulk-update';
import { checkReferences } from './references';
import type { WriteScope } from './scope';

/** The records of ids under another parent of this organisation, audited MOVE. */
export async function move(
  scope: WriteScope,
  ctx: OrganisationContext,
  ids: string[],
  parentId: string | null,
) {
  const parent = scope.declaration.parent!;
  if (parentId === null) {
    return bulkUpdate(scope, ctx, ids, `${quote(parent.column)} = NULL`, 'MOVE', scope.live);
  }
  await checkReferences(scope.declaration, ctx, [{ [parent.column]: parentId }]);
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT id FROM ${parent.table} WHERE organisation_id = $1 AND id = $2`,
    [ctx.organisationId, parentId],
  );
  if (!rows[0]) {
    throw validationFailure([
      { field: parent.column, message: `${parent.label} not found.`, code: 'not_found' },
    ]);
  }
  return bulkUpdate(scope, ctx, ids, `${quote(parent.column)} = $3`, 'MOVE', scope.live, [
    parentId,
  ]);
}
