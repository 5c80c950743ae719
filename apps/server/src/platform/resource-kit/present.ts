import type { OrganisationContext } from '../http/context';
import type { ResourceDeclaration, Row } from './declaration';
import { filesOf } from './files';

/** Rows leave as JSON: timestamps as ISO 8601 UTC strings, everything else as selected. */
export function present(row: Record<string, unknown>): Row {
  return isoTimestamps({ ...row });
}

/** present() on the row itself: for rows nobody else holds (a page=all streams 100,000 of them). */
function isoTimestamps(row: Record<string, unknown>): Row {
  for (const key in row) {
    const value = row[key];
    if (value instanceof Date) row[key] = value.toISOString();
  }
  return row as Row;
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
  // The kit's rows come fresh from its own statements: presented in place.
  const presented = files ? files.present(isoTimestamps(row), ctx) : isoTimestamps(row);
  return declaration.present ? declaration.present(presented, ctx) : presented;
}
