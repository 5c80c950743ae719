-- enable_tenant_rls(table): what every migration so far wrote out for each table that carries
-- organisation_id, as one call. The request role fieldwork_app may read and write the table, and
-- row-level security is enabled and forced with the tenant_isolation policy, so a request sees and
-- writes only the rows of the organisation in scope (app.organisation_id). New migrations create
-- their table, then: SELECT enable_tenant_rls('my_table');
-- (Tables whose policy differs, e.g. memberships also showing a user their own rows, still write
-- their policy by hand.)
CREATE FUNCTION enable_tenant_rls(target regclass) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO fieldwork_app', target);
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', target);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', target);
  EXECUTE format('CREATE POLICY tenant_isolation ON %s
    USING (organisation_id = current_setting(''app.organisation_id'', true))
    WITH CHECK (organisation_id = current_setting(''app.organisation_id'', true))', target);
END
$$;

-- Migrations run as the owner; the request role has no business changing tables.
REVOKE EXECUTE ON FUNCTION enable_tenant_rls(regclass) FROM PUBLIC;
