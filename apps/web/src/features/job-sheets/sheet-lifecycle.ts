import type { ApprovalDecision, JobSheet, LocationStatus, ProjectForm } from '@fieldwork/contract';

/** The rejection the sheet stands rejected by: the latest one of its batch not undone. */
export function standingRejection(
  sheet: Pick<JobSheet, 'status' | 'approvals' | 'approval_batch'>,
): ApprovalDecision | undefined {
  if (sheet.status !== 'REJECTED') return undefined;
  return sheet.approvals
    .filter(
      (decision) =>
        decision.decision === 'REJECTED' &&
        decision.undone_at === null &&
        decision.approval_batch === sheet.approval_batch,
    )
    .at(-1);
}

/** What submitting asks about the location's status, for the sheet's project form. */
export interface LocationStatusChoice {
  /** Whether submitting lets the operative choose the status (update_and_submit). */
  ask: boolean;
  /** Where the choice starts: the status automated on submit, else the sheet's current one. */
  suggested: string | null;
}

/**
 * The project's copy of the sheet's form decides: when it automates the location status (at any
 * moment) or asks to confirm it on submit, and the project has statuses, the operative chooses
 * the status on submit; otherwise the sheet is simply submitted.
 */
export function locationStatusChoice(
  projectForm:
    | Pick<ProjectForm, 'confirm_location_status_on_submit' | 'location_status_automation'>
    | undefined,
  statuses: Array<Pick<LocationStatus, 'id'>>,
  current: string | null,
): LocationStatusChoice {
  if (!projectForm || statuses.length === 0) return { ask: false, suggested: null };
  const automation = projectForm.location_status_automation;
  const automated = Object.values(automation).some((statusId) => statusId !== null);
  const known = (id: string | null | undefined) =>
    id && statuses.some((status) => status.id === id) ? id : null;
  return {
    ask: projectForm.confirm_location_status_on_submit || automated,
    suggested: known(automation.on_submit_job_sheet) ?? known(current),
  };
}
