import type { FORM_LOCATION_SECTIONS, LocationStatus, ProjectForm } from '@fieldwork/contract';

export type LocationSection = (typeof FORM_LOCATION_SECTIONS)[number];
export type AutomationEvent =
  'on_create_job_sheet' | 'on_submit_job_sheet' | 'on_approve_job_sheet' | 'on_reject_job_sheet';

export const AUTOMATION_EVENTS: ReadonlyArray<{ key: AutomationEvent; label: string }> = [
  { key: 'on_create_job_sheet', label: 'When a job sheet is created' },
  { key: 'on_submit_job_sheet', label: 'When it is submitted' },
  { key: 'on_approve_job_sheet', label: 'When it is approved' },
  { key: 'on_reject_job_sheet', label: 'When it is rejected' },
];

const SHORT: Record<AutomationEvent, string> = {
  on_create_job_sheet: 'Created',
  on_submit_job_sheet: 'Submitted',
  on_approve_job_sheet: 'Approved',
  on_reject_job_sheet: 'Rejected',
};

export const LOCATION_SECTION_LABEL: Record<LocationSection, string> = {
  NONE: 'No location section',
  ALL_OPTIONAL: 'All location attributes, optional',
  ALL_REQUIRED: 'All location attributes, required',
  CUSTOM: 'Chosen location attributes',
};

/**
 * "Submitted → Completed" for each automation set; an automation naming a status that no
 * longer exists reads "a deleted status" rather than vanishing.
 */
export function automationSummary(
  form: Pick<ProjectForm, 'location_status_automation'>,
  statuses: readonly Pick<LocationStatus, 'id' | 'name'>[],
): string[] {
  return AUTOMATION_EVENTS.flatMap(({ key }) => {
    const statusId = form.location_status_automation[key];
    if (!statusId) return [];
    const status = statuses.find((candidate) => candidate.id === statusId);
    return [`${SHORT[key]} → ${status?.name ?? 'a deleted status'}`];
  });
}
