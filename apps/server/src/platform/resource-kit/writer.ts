import type { AuditAction } from '@fieldwork/contract';
import type { OrganisationContext } from '../http/context';
import type { ResourceDeclaration, Row } from './declaration';
import { archive, restore, unarchive } from './write/archive';
import { remove } from './write/delete';
import { duplicate } from './write/duplicate';
import { insert } from './write/insert';
import { move } from './write/move';
import { checkReferences } from './write/references';
import { audit, writeScope, type AuditedRow } from './write/scope';
import { update } from './write/update';

export { batchesOf, MAX_STATEMENT_PARAMETERS } from './write/insert';
export { notFoundReason, type AuditedRow } from './write/scope';

/**
 * Scoped writes of one declared resource; each writes its audit entry in the same transaction.
 * Each verb is a file of write/, given the scope built here once.
 */
export function writer(declaration: ResourceDeclaration) {
  const scope = writeScope(declaration);
  return {
    audit: (
      ctx: OrganisationContext,
      rows: AuditedRow[],
      action: AuditAction,
      changes?: Record<string, unknown> | null,
    ) => audit(scope, ctx, rows, action, changes),
    checkReferences: (
      ctx: OrganisationContext,
      values: Record<string, unknown>[],
      prefix?: string,
    ) => checkReferences(declaration, ctx, values, prefix),
    insert: (ctx: OrganisationContext, inputs: Record<string, unknown>[], prefix?: string) =>
      insert(scope, ctx, inputs, prefix),
    update: (ctx: OrganisationContext, existing: Row, input: Record<string, unknown>) =>
      update(scope, ctx, existing, input),
    archive: (ctx: OrganisationContext, ids: string[]) => archive(scope, ctx, ids),
    unarchive: (ctx: OrganisationContext, ids: string[]) => unarchive(scope, ctx, ids),
    restore: (ctx: OrganisationContext, ids: string[]) => restore(scope, ctx, ids),
    remove: (ctx: OrganisationContext, requested: string[], force: boolean) =>
      remove(scope, ctx, requested, force),
    duplicate: (ctx: OrganisationContext, ids: string[], body?: Record<string, unknown>) =>
      duplicate(scope, ctx, ids, body),
    move: (ctx: OrganisationContext, ids: string[], parentId: string | null) =>
      move(scope, ctx, ids, parentId),
  };
}
