-- Inspection field types (issue 22 item 15, docs/form-field-types.md): TIME, INSTRUCTION,
-- PASS_FAIL and TABLE. A field may carry help text (description; an instruction's text), a pass
-- / fail / N/A field the points a pass scores, a table its columns ({id, name, type, required,
-- options}) as JSONB read with the field. A sheet's answer keeps the score the form had when the
-- sheet began (as it keeps the name and conditional) and a table answer its rows.
ALTER TABLE form_fields DROP CONSTRAINT IF EXISTS form_fields_type_check;
ALTER TABLE form_fields ADD CONSTRAINT form_fields_type_check
  CHECK (type IN ('TEXT', 'NUMBER', 'DATE', 'SELECT', 'MULTI_SELECT', 'BOOLEAN', 'SIGNATURE',
    'PHOTO', 'TIME', 'INSTRUCTION', 'PASS_FAIL', 'TABLE'));
ALTER TABLE form_fields ADD COLUMN description text;
ALTER TABLE form_fields ADD COLUMN score integer CHECK (score IS NULL OR score >= 0);
ALTER TABLE form_fields ADD COLUMN columns jsonb NOT NULL DEFAULT '[]';

ALTER TABLE job_sheet_field_values ADD COLUMN value_rows jsonb;
ALTER TABLE job_sheet_field_values ADD COLUMN score integer;
