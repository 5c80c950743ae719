-- Job sheet photos (sheets-photos): the upright display copy the queue job makes when the upload
-- is turned by EXIF, too large or not a type browsers show (NULL: the original is shown), and the
-- index the near-duplicate search scans: the organisation's ready photos' perceptual hashes with
-- the columns the search answers, read without visiting the table (docs/job-sheets.md).
ALTER TABLE job_sheet_photos ADD COLUMN display_key text;
ALTER TABLE job_sheet_photos ADD COLUMN display_content_type text;

CREATE INDEX job_sheet_photos_p_hash_idx
  ON job_sheet_photos (organisation_id, p_hash) INCLUDE (job_sheet_id, c_hash, id)
  WHERE status = 'READY';
