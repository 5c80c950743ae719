import { badRequest } from '../../platform/errors';
import { textSearchFilter, type CustomFilter, type Params } from '../../platform/resource-kit';
import { managesAll } from './access';

const timestamp = (name: string, value: string | undefined) => {
  if (!value || Number.isNaN(Date.parse(value)))
    throw badRequest(`filter[${name}] must be a date or an ISO 8601 timestamp.`, 'invalid_filter');
  return new Date(value).toISOString();
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A sheet's own words: its number ("42", "#42"), its form's name, its job's reference. */
function sheetOwnMatch(term: string, params: Params): string | null {
  if (!term) return null;
  const number = /^#?(\d{1,9})$/.exec(term)?.[1];
  const pattern = params.add(`%${escapeLike(term)}%`);
  return [
    number ? `t.number = ${params.add(Number(number))}::int` : null,
    `EXISTS (SELECT 1 FROM forms f WHERE f.organisation_id = t.organisation_id
       AND f.id = t.form_id AND f.name ILIKE ${pattern})`,
    `EXISTS (SELECT 1 FROM jobs j WHERE j.organisation_id = t.organisation_id
       AND j.id = t.job_id AND j.reference ILIKE ${pattern})`,
  ]
    .filter(Boolean)
    .join(' OR ');
}

/**
 * filter[search] of job sheets: the number, the form's name, the job's reference, or the text of
 * the answers by PostgreSQL full-text search (every word, each as a prefix).
 */
export const jobSheetTextSearch = textSearchFilter(
  { table: 'job_sheet_field_values', parent: 'job_sheet_id', column: 'value_string' },
  sheetOwnMatch,
);

/** Filters of the managers' list that are not plain columns. */
export const jobSheetFilters: Record<string, CustomFilter> = {
  search: jobSheetTextSearch,
  submitted_from: {
    sql: (values, params) =>
      `t.submitted_at >= ${params.add(timestamp('submitted_from', values[0]))}::timestamptz`,
  },
  submitted_to: {
    sql: (values, params) =>
      `t.submitted_at < ${params.add(timestamp('submitted_to', values[0]))}::timestamptz`,
  },
  /** Submitted sheets waiting at a stage the caller may approve (managers: every stage). */
  awaiting_my_approval: {
    sql: (values, params, caller) => {
      if (values[0] !== 'true')
        throw badRequest('filter[awaiting_my_approval] must be true.', 'invalid_filter');
      if (!('membership' in caller)) throw badRequest('A member’s filter.', 'invalid_filter');
      const waiting = `t.status = 'SUBMITTED' AND t.approval_required`;
      return managesAll(caller)
        ? waiting
        : `${waiting} AND EXISTS (SELECT 1 FROM approval_stages st
            WHERE st.organisation_id = t.organisation_id AND st.id = t.current_approval_stage_id
              AND ${params.add(caller.user.id)} = ANY(st.user_ids))`;
    },
  },
  has_duplicates: {
    sql: (values) => {
      if (values[0] !== 'true' && values[0] !== 'false')
        throw badRequest('filter[has_duplicates] must be true or false.', 'invalid_filter');
      return `${values[0] === 'true' ? '' : 'NOT '}EXISTS (SELECT 1 FROM job_sheet_photo_duplicates d
        WHERE d.organisation_id = t.organisation_id AND d.job_sheet_id = t.id)`;
    },
  },
};
