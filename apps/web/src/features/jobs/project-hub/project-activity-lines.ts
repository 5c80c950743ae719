import type { ProjectActivityEntry } from '@fieldwork/contract';
import { timelineTitle } from '../timeline-lines';

const NOUN: Record<ProjectActivityEntry['collection_name'], string> = {
  projects: 'Project',
  jobs: '',
  job_sheets: '',
};

/** A sheet's actions in the past tense (the jobs' own come from the job timeline's words). */
const SHEET_TITLE: Record<string, string> = {
  SUBMIT: 'Submitted',
  UPDATE_AND_SUBMIT: 'Submitted',
  UNSUBMIT: 'Unsubmitted',
  APPROVE: 'Approved',
  REJECT: 'Rejected',
  UPDATE_REJECTION: 'Rejection changed',
  UNDO_APPROVAL: 'Decision undone',
  SUBMIT_JOB_SHEETS: 'Sheets submitted',
  SYNC_FORMS: 'Forms synced',
  ADD_MEMBERS: 'People added',
  REMOVE_MEMBER: 'Person removed',
  UPDATE_MEMBER: 'Person’s permissions changed',
};

/** "Job 4: Started", "Sheet 12: Approved", "Project Quay Tower: Changed". */
export function projectActivityLine(entry: ProjectActivityEntry): string {
  const what = [NOUN[entry.collection_name], entry.document_name].filter(Boolean).join(' ');
  return `${what}: ${SHEET_TITLE[entry.action] ?? timelineTitle(entry.action)}`;
}
