import type { FieldError } from '@fieldwork/contract';
import { validationFailure } from '../../errors';
import type { OrganisationContext } from '../../http/context';
import type { ResourceDeclaration, Row } from '../declaration';

/** Foreign keys must name a record of this organisation: otherwise a 422 naming the field. */
export async function checkReferences(
  declaration: ResourceDeclaration,
  ctx: OrganisationContext,
  values: Record<string, unknown>[],
  prefix = '',
) {
  const errors: FieldError[] = [];
  for (const [column, target] of Object.entries(declaration.references ?? {})) {
    const ids = [
      ...new Set(
        values.map((value) => value[column]).filter((id): id is string => typeof id === 'string'),
      ),
    ];
    if (ids.length === 0) continue;
    const { rows } = await ctx.db.query<{ id: string }>(
      `SELECT id FROM ${target.table} WHERE organisation_id = $1 AND id = ANY($2::text[])${target.live ? ` AND ${target.live}` : ''}`,
      [ctx.organisationId, ids],
    );
    const found = new Set(rows.map((row) => row.id));
    values.forEach((value, index) => {
      const id = value[column];
      if (typeof id === 'string' && !found.has(id)) {
        const field = [prefix && `${prefix}.${index}`, column].filter(Boolean).join('.');
        errors.push({ field, message: `${target.label} not found.`, code: 'not_found' });
      }
    });
  }
  if (errors.length) throw validationFailure(errors);
}

/** The values a write stores: the declared beforeWrite rule's answer, else the input. */
export async function prepare(
  declaration: ResourceDeclaration,
  ctx: OrganisationContext,
  values: Record<string, unknown>,
  existing: Row | null,
) {
  return declaration.rules?.beforeWrite
    ? declaration.rules.beforeWrite(ctx, values, existing)
    : values;
}
