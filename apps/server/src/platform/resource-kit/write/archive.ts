import type { OrganisationContext } from '../../http/context';
import { bulkUpdate } from './bulk-update';
import type { WriteScope } from './scope';

export const archive = (scope: WriteScope, ctx: OrganisationContext, ids: string[]) =>
  bulkUpdate(scope, ctx, ids, 'archived_at = coalesce(archived_at, now())', 'ARCHIVE');

export const unarchive = (scope: WriteScope, ctx: OrganisationContext, ids: string[]) =>
  bulkUpdate(scope, ctx, ids, 'archived_at = NULL', 'UNARCHIVE');

/** Soft-deleted rows back (the condition leaves out the live check). */
export const restore = (scope: WriteScope, ctx: OrganisationContext, ids: string[]) =>
  bulkUpdate(scope, ctx, ids, 'deleted_at = NULL', 'RESTORE', '');
