-- Photo markup (issue 22 item 15, docs/job-sheets.md "Photo markup"): arrows, circles and text
-- drawn over a photo in the web app, kept as the shapes (to edit them again over the original)
-- and as the marked-up copy the app drew (a stored file of kind job-sheet-photo-markup, with its
-- upright copy and thumbnail derived). The original upload is never changed.
ALTER TABLE job_sheet_photos ADD COLUMN markup_shapes jsonb;
ALTER TABLE job_sheet_photos ADD COLUMN markup_file_id text;
ALTER TABLE job_sheet_photos ADD FOREIGN KEY (organisation_id, markup_file_id)
  REFERENCES stored_files (organisation_id, id) ON DELETE SET NULL (markup_file_id);
CREATE INDEX job_sheet_photos_markup_file_idx ON job_sheet_photos (markup_file_id)
  WHERE markup_file_id IS NOT NULL;
-- The copy's keys (derived from the markup file), as for the photo's own display and thumbnail.
ALTER TABLE job_sheet_photos ADD COLUMN markup_key text;
ALTER TABLE job_sheet_photos ADD COLUMN markup_thumbnail_key text;
ALTER TABLE job_sheet_photos ADD COLUMN marked_up_at timestamptz;
ALTER TABLE job_sheet_photos ADD COLUMN marked_up_by_id text;
ALTER TABLE job_sheet_photos ADD CONSTRAINT job_sheet_photos_markup_whole
  CHECK ((markup_shapes IS NULL) = (markup_key IS NULL) AND (markup_key IS NULL) = (marked_up_at IS NULL));

-- A deleted photo's uploads go with it: the original's record and the markup's (whose bytes and
-- derived copies the stored_files trigger removes).
CREATE OR REPLACE FUNCTION job_sheet_photo_uploads_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stored_files f USING removed_photos o
   WHERE f.organisation_id = o.organisation_id
     AND (f.id = o.stored_file_id OR f.id = o.markup_file_id);
  RETURN NULL;
END
$$;
