import { ROLE_RANK } from '@fieldwork/contract';
import type { OrganisationContext } from '../../../platform/http/context';
import type { Params, PolicyEntry } from '../../../platform/resource-kit';
import { jobSheetPolicy, jobSheetVisibility } from '../access';

/**
 * What an upload checks of its sheet (upload.ts): who sees it and who may update it, as SQL over
 * a job sheet row aliased `t`. The photos' own reads and writes inherit both from their parent.
 */
export const visibleSheetSql = jobSheetVisibility;

const sheetUpdate: PolicyEntry = jobSheetPolicy.update ?? { role: 'MANAGER' };

/** Of the visible sheets, those the caller may update ('true' for everyone at the full role). */
export function updatableSheetSql(ctx: OrganisationContext, params: Params): string {
  const rank = ROLE_RANK[ctx.membership.role];
  if (rank >= ROLE_RANK[sheetUpdate.role]) return 'true';
  const rule = sheetUpdate.rule;
  return rule && rank >= ROLE_RANK[rule.role] ? rule.sql(ctx, params) : 'false';
}
