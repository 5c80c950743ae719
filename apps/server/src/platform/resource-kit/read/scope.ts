import type { OrganisationContext } from '../../http/context';
import { withChildren } from '../children';
import type { ResourceDeclaration, Row } from '../declaration';
import { policyOf } from '../policy';
import { presentRecord } from '../present';
import { selectList } from '../sql';

/** What every read of one declared resource shares: built once per reader(). */
export interface ReadScope {
  declaration: ResourceDeclaration;
  /** The table aliased `t`. */
  from: string;
  /** The declared fields' select list over `t`. */
  select: string;
  /** What the caller may do with the list as a whole (a list answer's `meta.permissions`). */
  collection: (ctx: OrganisationContext) => Record<string, boolean>;
  /** Rows as records: presented, with their children, finished, with the caller's permissions. */
  presentAll: (ctx: OrganisationContext, rows: Row[]) => Promise<Row[]>;
}

export function readScope(declaration: ResourceDeclaration): ReadScope {
  const policy = declaration.policy ? policyOf(declaration) : null;
  const presentAll = async (ctx: OrganisationContext, rows: Row[]) => {
    let presented = await withChildren(
      ctx,
      declaration,
      rows.map((row) => presentRecord(declaration, row, ctx)),
    );
    if (declaration.finish && presented.length)
      presented = await declaration.finish(ctx, presented);
    if (policy && presented.length) {
      // What the caller may do with each record, so the web app shows only what it may.
      const can = await policy.permissionsOf(
        ctx,
        presented.map((row) => row.id),
      );
      for (const row of presented) row.permissions = can(row.id);
    }
    return presented;
  };
  return {
    declaration,
    from: `${declaration.table} t`,
    select: selectList(declaration),
    collection: policyOf(declaration).collectionPermissions,
    presentAll,
  };
}
