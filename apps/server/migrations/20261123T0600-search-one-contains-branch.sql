-- GET /search, second shape: one "contains" branch instead of two. The live and archived tiers of
-- a kind are read by one walk of an index ordered by (archived, length, name), live rows first,
-- or by one trigram read, so each search plans and runs half the branches it did
-- (20261123T0540-search-functions.sql), and the four rank indexes become two.

DROP INDEX projects_live_rank_idx;
DROP INDEX projects_archived_rank_idx;
DROP INDEX clients_live_rank_idx;
DROP INDEX clients_archived_rank_idx;
CREATE INDEX projects_search_rank_idx
  ON projects (organisation_id, (archived_at IS NOT NULL), length(name), lower(name), id)
  WHERE deleted_at IS NULL;
CREATE INDEX clients_search_rank_idx
  ON clients (organisation_id, (archived_at IS NOT NULL), length(name), lower(name), id);

-- "Starts with" stays a materialised read of the prefix ranges: as a LIMIT branch the planner
-- may walk the rank order instead, which reads everything when nothing matches.
-- Tiers: 0 live starting with the term, 1 live containing it, 2 and 3 the same archived. Each
-- branch answers its first ten in (archived, length, name, id) order, which holds the first ten
-- of both of its tiers; the final order takes the first ten of all.
CREATE OR REPLACE FUNCTION search_projects(term_prefix text, term_contains text, guest_user_id text)
  RETURNS TABLE (tier integer, id text, name text, reference text, client_id text,
                 archived_at timestamptz)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
BEGIN
  RETURN QUERY EXECUTE $q$
    WITH scoped AS MATERIALIZED (
      SELECT pm.project_id FROM project_members pm
       WHERE $4::text IS NOT NULL AND pm.organisation_id = $1 AND pm.user_id = $4
    ), prefixed AS MATERIALIZED (
      SELECT p.id, p.name, p.reference, p.client_id, p.archived_at FROM projects p
       WHERE p.organisation_id = $1 AND p.deleted_at IS NULL
         AND (lower(p.name) LIKE lower($2) OR lower(p.reference) LIKE lower($2))
         AND ($4::text IS NULL OR p.id IN (SELECT project_id FROM scoped))
    )
    SELECT * FROM (
      (SELECT CASE WHEN h.archived_at IS NULL THEN 0 ELSE 2 END, h.* FROM prefixed h
        ORDER BY h.archived_at IS NOT NULL, length(h.name), lower(h.name), h.id LIMIT 10)
      UNION ALL
      (SELECT CASE WHEN p.archived_at IS NULL THEN 1 ELSE 3 END,
              p.id, p.name, p.reference, p.client_id, p.archived_at
         FROM projects p
        WHERE $3::text IS NOT NULL AND p.organisation_id = $1 AND p.deleted_at IS NULL
          AND (p.name ILIKE $3 OR p.reference ILIKE $3)
          AND NOT (lower(p.name) LIKE lower($2) OR coalesce(lower(p.reference) LIKE lower($2), false))
          AND ($4::text IS NULL OR p.id IN (SELECT project_id FROM scoped))
        ORDER BY p.archived_at IS NOT NULL, length(p.name), lower(p.name), p.id LIMIT 10)
    ) hits (tier, id, name, reference, client_id, archived_at)
    ORDER BY hits.tier, length(hits.name), lower(hits.name), hits.id
    LIMIT 10
  $q$ USING current_setting('app.organisation_id', true), term_prefix, term_contains,
    guest_user_id;
END
$$;

CREATE OR REPLACE FUNCTION search_clients(term_prefix text, term_contains text)
  RETURNS TABLE (tier integer, id text, name text, archived_at timestamptz)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
BEGIN
  RETURN QUERY EXECUTE $q$
    WITH prefixed AS MATERIALIZED (
      SELECT c.id, c.name, c.archived_at FROM clients c
       WHERE c.organisation_id = $1 AND lower(c.name) LIKE lower($2)
    )
    SELECT * FROM (
      (SELECT CASE WHEN h.archived_at IS NULL THEN 0 ELSE 2 END, h.* FROM prefixed h
        ORDER BY h.archived_at IS NOT NULL, length(h.name), lower(h.name), h.id LIMIT 10)
      UNION ALL
      (SELECT CASE WHEN c.archived_at IS NULL THEN 1 ELSE 3 END, c.id, c.name, c.archived_at
         FROM clients c
        WHERE $3::text IS NOT NULL AND c.organisation_id = $1
          AND c.name ILIKE $3 AND lower(c.name) NOT LIKE lower($2)
        ORDER BY c.archived_at IS NOT NULL, length(c.name), lower(c.name), c.id LIMIT 10)
    ) hits (tier, id, name, archived_at)
    ORDER BY hits.tier, length(hits.name), lower(hits.name), hits.id
    LIMIT 10
  $q$ USING current_setting('app.organisation_id', true), term_prefix, term_contains;
END
$$;
