-- Who a request's caller is (session, user, membership, API key) is cached in each API process
-- (platform/auth/principal-cache.ts). Every change that could alter a cached answer is announced
-- on the channel app_changed, which every connection of every API process listens to: a process
-- hears its own writes before their statement returns, and other processes' writes at once.
-- Only the columns a principal reads fire: a session's last use, its refresh token's rotation
-- (token_hash of a web session; a legacy token's hash never changes) or a membership's
-- preferences do not.

CREATE OR REPLACE FUNCTION announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('app_changed', TG_ARGV[0]);
  RETURN NULL;
END
$$;

CREATE TRIGGER memberships_announce_principals
  AFTER INSERT OR DELETE OR UPDATE OF user_id, organisation_id, role, owner, guest, active, deleted_at
  ON memberships FOR EACH STATEMENT EXECUTE FUNCTION announce_change('principals');

CREATE TRIGGER sessions_announce_principals
  AFTER DELETE OR UPDATE OF user_id, kind, revoked_at, expires_at, impersonator_user_id
  ON sessions FOR EACH STATEMENT EXECUTE FUNCTION announce_change('principals');

CREATE TRIGGER users_announce_principals
  AFTER DELETE OR UPDATE OF name, email, support
  ON users FOR EACH STATEMENT EXECUTE FUNCTION announce_change('principals');

CREATE TRIGGER api_keys_announce_principals
  AFTER DELETE OR UPDATE OF secret_hash, deleted_at, created_by_user_id, organisation_id
  ON api_keys FOR EACH STATEMENT EXECUTE FUNCTION announce_change('principals');
