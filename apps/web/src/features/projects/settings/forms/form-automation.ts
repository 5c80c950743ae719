import type { FORM_LOCATION_SECTIONS, LocationStatus, ProjectForm } from '@fieldwork/contract';

export type LocationSection = (typeof FORM_LOCATION_SECTIONS)[number];
export type AutomationEvent = 'on_create' | 'on_submit' | 'on_approve' | 'on_reject';

export const AUTOMATION_EVENTS: ReadonlyArray<{ key: AutomationEvent; label: string }> = [
  { key: 'on_create', label: 'When a job sheet is created' },
  { key: 'on_submit', label: 'When it is submitted' },
  { key: 'on_approve', label: 'When it is approved' },
  { key: 'on_reject', label: 'When it is rejected' },
];

const SHORT: Record<AutomationEvent, string> = {
  on_create: 'Created',
  on_submit: 'Submitted',
  on_approve: 'Approved',
  on_reject: 'Rejected',
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
