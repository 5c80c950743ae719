-- field-work §3 names a form's location status automation moments on_create_job_sheet,
-- on_submit_job_sheet, on_approve_job_sheet and on_reject_job_sheet; they were stored as
-- on_create … on_reject. Rename the keys of every stored configuration.

UPDATE forms SET location_status_automation = (
  SELECT coalesce(jsonb_object_agg(CASE WHEN key LIKE '%\_job\_sheet' THEN key ELSE key || '_job_sheet' END, value), '{}'::jsonb)
    FROM jsonb_each(location_status_automation))
 WHERE location_status_automation <> '{}'::jsonb;

UPDATE project_forms SET location_status_automation = (
  SELECT coalesce(jsonb_object_agg(CASE WHEN key LIKE '%\_job\_sheet' THEN key ELSE key || '_job_sheet' END, value), '{}'::jsonb)
    FROM jsonb_each(location_status_automation))
 WHERE location_status_automation <> '{}'::jsonb;
