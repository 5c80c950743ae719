-- User profiles (issue 23 item 5): each person's profile in the organisation lives on their
-- membership: job title, telephone and an avatar image kept as a file list ([{id, name, size,
-- content_type, key}], at most one), like a qualification's attachments.
ALTER TABLE memberships
  ADD COLUMN job_title text,
  ADD COLUMN telephone text,
  ADD COLUMN avatar jsonb NOT NULL DEFAULT '[]';
