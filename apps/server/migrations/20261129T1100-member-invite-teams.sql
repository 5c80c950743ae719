-- A member invite names the teams its member joins on accepting (POST /members, issue 23);
-- teams deleted meanwhile are skipped then.
ALTER TABLE membership_invites
  ADD COLUMN team_ids text[] NOT NULL DEFAULT '{}';
