import type { OrganisationContext } from '../http/context';
import type { ResourceDeclaration, Row } from './declaration';

/** Rows leave as JSON: timestamps as ISO 8601 UTC strings, everything else as selected. */
export function present(row: Record<string, unknown>): Row {
  const output: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    output[key] = value instanceof Date ? value.toISOString() : value;
  }
  return output as Row;
}

/** A row of a declared resource as the API answers it: present() plus the resource's own finish. */
export function presentRecord(
  declaration: ResourceDeclaration,
  row: Record<string, unknown>,
  ctx: OrganisationContext,
): Row {
  const presented = present(row);
  return declaration.present ? declaration.present(presented, ctx) : presented;
}
