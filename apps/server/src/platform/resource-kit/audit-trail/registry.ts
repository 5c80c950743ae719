import type { ResourceDeclaration } from '../declaration';

/**
 * The declarations the kit serves, by audit collection: what an audit entry's collection_name
 * names, so that undo and the deletions bin act through the same declaration (rules, policy,
 * audit) as the entity's own routes. Filled as resourceRoutes serves each declaration; the first
 * declaration of a collection is its writer (a collection served twice, such as members beside
 * their query route, is the same table).
 */
const byCollection = new Map<string, ResourceDeclaration>();

export function registerAudited(declaration: ResourceDeclaration): void {
  const collection = declaration.auditCollection ?? declaration.name;
  if (!byCollection.has(collection)) byCollection.set(collection, declaration);
}

export const auditedDeclaration = (collection: string): ResourceDeclaration | undefined =>
  byCollection.get(collection);

/** The soft-deleted resources whose records the deletions bin lists (keyed ones excepted). */
export const softDeleted = (): ResourceDeclaration[] =>
  [...byCollection.values()].filter((declaration) => declaration.softDelete && !declaration.key);

/**
 * The columns a person knows a record of the declaration by, in order: its `name`, its
 * `reference`, where the declaration has them as plain columns (not computed by SQL).
 */
export const namingColumns = (declaration: ResourceDeclaration): string[] =>
  ['name', 'reference'].filter(
    (column) => declaration.fields[column] && !declaration.fields[column].sql,
  );
