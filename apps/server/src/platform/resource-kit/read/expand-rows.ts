import type { OrganisationContext } from '../../http/context';
import type { ResourceDeclaration, Row } from '../declaration';
import { checkExpand } from './check';

/** Fills each row's asked-for relations in place: one load per relation for the whole set. */
export async function expandRows(
  declaration: ResourceDeclaration,
  ctx: OrganisationContext,
  rows: Row[],
  names: string[],
) {
  checkExpand(declaration, names);
  for (const name of names) {
    const value = await declaration.expand![name]!.load(ctx, rows);
    for (const row of rows) row[name] = value(row);
  }
  return rows;
}
