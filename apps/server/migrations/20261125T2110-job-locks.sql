-- The user whose device locked a job: who may release it besides a manager (docs/jobs.md).
ALTER TABLE jobs ADD COLUMN locked_by_user_id text;
