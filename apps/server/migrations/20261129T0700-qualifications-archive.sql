-- Qualifications can be archived (issue 23: archive, unarchive and their _many forms), like the
-- other records a list keeps out of the way without deleting.
ALTER TABLE qualifications ADD COLUMN archived_at timestamptz;
