-- Refresh-token rotation with reuse detection (OAuth 2.0 Security BCP §4.14): every refresh
-- replaces the session's refresh token; each replaced one is kept here (its hash only) so that
-- presenting it again is recognised as reuse and ends the session. Within a short grace the
-- token just replaced answers its successor instead (two tabs refreshing at once), which is
-- stored sealed with a key derived from the replaced token itself: only its holder can open it.
CREATE TABLE session_refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id text NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  rotated_at timestamptz NOT NULL DEFAULT now(),
  successor_sealed text
);
CREATE INDEX session_refresh_tokens_session_idx ON session_refresh_tokens (session_id);
GRANT SELECT, INSERT, UPDATE ON session_refresh_tokens TO fieldwork_app;
