import { ROLE_RANK } from '@fieldwork/contract';
import type { OrganisationContext } from '../../../platform/http/context';
import type { Params, PolicyEntry } from '../../../platform/resource-kit';
import { jobSheetPolicy, jobSheetVisibility } from '../access';

/**
 * Who reaches a job sheet's photos: exactly who reaches the sheet (access.ts), as SQL over a job
 * sheet row aliased `t`; and who changes them: whoever may update the sheet (while it is being
 * filled in or was sent back to fix: the photos' policy lock, photos.resource.ts).
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

/**
 * The same rules over a photo row aliased `t`: the subquery's own `t` (the sheet) shadows the
 * photo inside it, so the sheet rules apply word for word.
 */
export const ofPhotoSheet = (sheetCondition: string) =>
  `t.job_sheet_id IN (SELECT t.id FROM job_sheets t WHERE ${sheetCondition})`;

/** The photos' policy entry: the sheet's update entry, its record rule applied to the sheet. */
export const photoWriteEntry: PolicyEntry = {
  role: sheetUpdate.role,
  ...(sheetUpdate.rule
    ? {
        rule: {
          role: sheetUpdate.rule.role,
          note: `only photos of ${sheetUpdate.rule.note.replace(/^only /, '')}`,
          sql: (ctx: OrganisationContext, params: Params) =>
            ofPhotoSheet(sheetUpdate.rule!.sql(ctx, params)),
        },
      }
    : {}),
};
