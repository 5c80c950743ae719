-- Audit entries of planned actions keep the record as it became beside the record as it was
-- (docs/decisions.md "Audit actions and before-images"); other entries have none.
ALTER TABLE audit_entries ADD COLUMN after_image jsonb;
