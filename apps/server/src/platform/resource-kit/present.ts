import type { OrganisationContext } from '../http/context';
import type { ResourceDeclaration, Row } from './declaration';
import { filesOf } from './files';

/** Rows leave as JSON: timestamps as ISO 8601 UTC strings, everything else as selected. */
export function present(row: Record<string, unknown>): Row {
  const output: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    output[key] = value instanceof Date ? value.toISOString() : value;
  }
  return output as Row;
}

/**
 * A row of a declared resource as the API answers it: present(), its files with signed links,
 * then the resource's own finish.
 */
export function presentRecord(
  declaration: ResourceDeclaration,
  row: Record<string, unknown>,
  ctx: OrganisationContext,
): Row {
  const files = filesOf(declaration);
  const presented = files ? files.present(present(row), ctx) : present(row);
  return declaration.present ? declaration.present(presented, ctx) : presented;
}
