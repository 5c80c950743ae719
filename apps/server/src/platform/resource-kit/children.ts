import type { OrganisationContext } from '../http/context';
import type { ResourceDeclaration, Row } from './declaration';
import { keySql, quote } from './sql-keys';

/**
 * A child's `parent`, e.g. a photo's: parentRecord(() => jobSheetsResource, 'job_sheet_id').
 * The parent is named lazily, so the two declarations may import each other.
 */
export function parentRecord(resource: () => ResourceDeclaration, column: string) {
  return {
    column,
    resource,
    get table() {
      return resource().table;
    },
    get label() {
      return resource().label;
    },
  };
}

/** The declaration and column of a child's parent record, or null for a top-level resource. */
export function parentOf(declaration: ResourceDeclaration) {
  const parent = declaration.parent;
  return parent?.resource ? { resource: parent.resource(), column: parent.column } : null;
}

/**
 * SQL over a child row `t`: its parent is a row matching `condition`, SQL over the parent row
 * aliased `t` (inside the subquery the parent's `t` shadows the child's, so the parent's own
 * rules apply word for word).
 */
export const underParent = (parent: ResourceDeclaration, column: string, condition: string) =>
  `t.${quote(column)} IN (SELECT ${keySql(parent)} FROM ${parent.table} t WHERE ${condition})`;

/**
 * The same for a value: SQL over the parent row `t` answered for a child row `t`, e.g. why its
 * sheet is frozen. The derived table hides the parent's `t` from the child's.
 */
export const ofParent = (parent: ResourceDeclaration, column: string, value: string) =>
  `(SELECT x.value FROM (SELECT ${keySql(parent)} AS key, (${value}) AS value FROM ${parent.table} t) x
     WHERE x.key = t.${quote(column)})`;

/** Fills each presented record's declared children in place: one query per kind of child. */
export async function withChildren(
  ctx: OrganisationContext,
  declaration: ResourceDeclaration,
  rows: Row[],
): Promise<Row[]> {
  const children = Object.entries(declaration.children ?? {});
  if (!children.length || !rows.length) return rows;
  const loaded = await Promise.all(
    children.map(async ([name, child]) => [name, await child.load(ctx, rows)] as const),
  );
  for (const row of rows) for (const [name, valueOf] of loaded) row[name] = valueOf(row);
  return rows;
}
