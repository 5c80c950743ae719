/** A job's sheets (SQL over the job row `t`), for the job's job_sheet_count and job_sheet_ids. */
export const JOB_SHEET_COUNT = `(SELECT count(*)::int FROM job_sheets s
  WHERE s.organisation_id = t.organisation_id AND s.job_id = t.id)`;
export const JOB_SHEET_IDS = `(SELECT coalesce(jsonb_agg(s.id ORDER BY s.seq_number), '[]'::jsonb)
  FROM job_sheets s WHERE s.organisation_id = t.organisation_id AND s.job_id = t.id)`;
