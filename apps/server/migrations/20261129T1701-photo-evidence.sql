-- Photo evidence (issue 22 item 15, docs/job-sheets.md "Photo evidence"): a caption the operative
-- writes and edits, and where the phone was when the photo was taken (when it granted its
-- location). The capture time goes in the existing taken_at.
ALTER TABLE job_sheet_photos ADD COLUMN caption text;
ALTER TABLE job_sheet_photos ADD COLUMN latitude double precision
  CHECK (latitude IS NULL OR latitude BETWEEN -90 AND 90);
ALTER TABLE job_sheet_photos ADD COLUMN longitude double precision
  CHECK (longitude IS NULL OR longitude BETWEEN -180 AND 180);
ALTER TABLE job_sheet_photos ADD COLUMN location_accuracy double precision
  CHECK (location_accuracy IS NULL OR location_accuracy >= 0);
ALTER TABLE job_sheet_photos ADD CONSTRAINT job_sheet_photos_location_pair
  CHECK ((latitude IS NULL) = (longitude IS NULL));
