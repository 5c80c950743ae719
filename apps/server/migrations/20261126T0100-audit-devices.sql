-- The device that acted (its X-Device-Id header) beside the user or API key of an audit entry:
-- job activity logs answer performed_by_type DEVICE with performed_by_device_id (docs/jobs.md).
ALTER TABLE audit_entries ADD COLUMN performed_by_device_id text;
