import { ROLE_RANK } from '@fieldwork/contract';
import type { OrganisationContext } from '../../platform/http/context';
import type { Params, Policy, PolicyEntry, Visibility } from '../../platform/resource-kit';

export const managesAll = (ctx: OrganisationContext) =>
  ROLE_RANK[ctx.membership.role] >= ROLE_RANK.MANAGER;
const isGuest = (ctx: OrganisationContext) =>
  ctx.membership.guest || ctx.membership.role === 'GUEST';

const own = (ctx: OrganisationContext, params: Params) =>
  `t.operative_id = ${params.add(ctx.user.id)}`;
/** The sheet waits at a stage that names the caller among its approvers. */
export const atCallersStage = (ctx: OrganisationContext, params: Params) =>
  `EXISTS (SELECT 1 FROM approval_stages st WHERE st.organisation_id = t.organisation_id
     AND st.id = t.current_approval_stage_id AND ${params.add(ctx.user.id)} = ANY(st.user_ids))`;
const decidedByCaller = (decision: string) => (ctx: OrganisationContext, params: Params) =>
  `EXISTS (SELECT 1 FROM job_sheet_approval_decisions d WHERE d.organisation_id = t.organisation_id
     AND d.job_sheet_id = t.id AND d.approval_batch = t.approval_batch AND d.undone_at IS NULL
     AND d.decision = '${decision}' AND d.user_id = ${params.add(ctx.user.id)})`;

/**
 * Managers and admins see every sheet; an operative their own sheets, the sheets of jobs assigned
 * to them, the sheets waiting at a stage they approve and those they decided on; a guest the sheets of their projects.
 */
export const jobSheetVisibility: Visibility = (ctx, params) => {
  if (managesAll(ctx)) return null;
  const me = params.add(ctx.user.id);
  if (isGuest(ctx))
    return `t.project_id IN (SELECT pm.project_id FROM project_members pm
      WHERE pm.organisation_id = t.organisation_id AND pm.user_id = ${me})`;
  return `(t.operative_id = ${me}
    OR t.job_id IN (SELECT j.id FROM jobs j WHERE j.organisation_id = t.organisation_id AND j.operative_id = ${me})
    OR ${atCallersStage(ctx, params)}
    OR EXISTS (SELECT 1 FROM job_sheet_approval_decisions d WHERE d.organisation_id = t.organisation_id
      AND d.job_sheet_id = t.id AND d.user_id = ${me}))`;
};

/** The statuses a sheet's answers, photos and materials change in. */
export const EDITABLE_SHEET_STATUSES = ['IN_PROGRESS', 'REJECTED'];

/**
 * Why the sheet aliased `sheet` is frozen (submitted, approved or cancelled): its `things`
 * (answers, photos, materials) change only through a transition back (unsubmit, a rejection).
 * SQL text, NULL while the sheet is in progress or rejected.
 */
export const frozenSheetReason = (sheet: string, things: string) =>
  `CASE WHEN ${sheet}.status NOT IN ('IN_PROGRESS', 'REJECTED') THEN 'The job sheet is '
     || ${sheet}.status || ': its ${things} change only while it is in progress or rejected'
     || CASE ${sheet}.status WHEN 'SUBMITTED' THEN ' (unsubmit it first, or have it rejected).'
          WHEN 'APPROVED' THEN ' (undo its approval first).' ELSE '.' END END`;

/** The policy lock of a sheet's child rows `t` (photos, materials): their sheet is frozen. */
export const frozenChildLock = (things: string): NonNullable<PolicyEntry['lock']> => ({
  note: 'while the job sheet is submitted, approved or cancelled',
  reasonSql: () => `(SELECT ${frozenSheetReason('s', things)} FROM job_sheets s
    WHERE s.organisation_id = t.organisation_id AND s.id = t.job_sheet_id)`,
});

/** Who may do what with which sheet (docs/permissions.md prints each rule). */
export const jobSheetPolicy: Policy = {
  update: {
    role: 'MANAGER',
    rule: { role: 'OPERATIVE', note: 'only their own sheets', sql: own },
    lock: {
      note: 'while the sheet is submitted, approved or cancelled',
      reasonSql: () => frozenSheetReason('t', 'answers'),
    },
  },
  delete: {
    role: 'MANAGER',
    rule: {
      role: 'OPERATIVE',
      note: 'only their own sheets in progress',
      sql: (ctx, params) => `${own(ctx, params)} AND t.status = 'IN_PROGRESS'`,
    },
  },
  submit: {
    role: 'MANAGER',
    rule: { role: 'OPERATIVE', note: 'only their own sheets', sql: own },
  },
  unsubmit: {
    role: 'MANAGER',
    rule: { role: 'OPERATIVE', note: 'only their own sheets', sql: own },
  },
  cancel: { role: 'MANAGER' },
  approve: {
    role: 'MANAGER',
    rule: {
      role: 'OPERATIVE',
      note: 'only sheets waiting at an approval stage that names them',
      sql: atCallersStage,
    },
  },
  reject: {
    role: 'MANAGER',
    rule: {
      role: 'OPERATIVE',
      note: 'only sheets waiting at an approval stage that names them',
      sql: atCallersStage,
    },
  },
  undo_approval: {
    role: 'MANAGER',
    rule: {
      role: 'OPERATIVE',
      note: 'only approvals they made',
      sql: decidedByCaller('APPROVED'),
    },
  },
  update_rejection: {
    role: 'MANAGER',
    rule: {
      role: 'OPERATIVE',
      note: 'only rejections they made',
      sql: decidedByCaller('REJECTED'),
    },
  },
};
