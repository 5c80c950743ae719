-- GET /search through two functions. Under row-level security PostgreSQL may not use LIKE/ILIKE
-- (not LEAKPROOF) as an index condition, so the prefix and trigram indexes of
-- 20261123T0530-search-indexes.sql were never read by the API's role: every search read the whole
-- table (35-65 ms for 20,000 projects instead of under 1 ms). These functions run as their
-- owner, like organisation_seats_used, and apply the organisation scope themselves: the
-- organisation is the request's app.organisation_id, the very setting the policies read, so they
-- answer nothing the caller's own policies would hide (nothing at all without a scope).
--
-- Tiers: 0 live records starting with the term, 1 live ones containing it (only for a term of
-- 3+ characters, term_contains not null), 2 and 3 the same for archived records; within a tier
-- shorter names first, then the name; ten of each tier, ten in all. The statement is EXECUTEd
-- with its parameters so it is planned for the actual term (prefix ranges need the constant; the
-- planner picks the rank-order walk for common terms and the trigram index for rare ones).

CREATE FUNCTION search_projects(term_prefix text, term_contains text, guest_user_id text)
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
      (SELECT 0, h.* FROM prefixed h WHERE h.archived_at IS NULL
        ORDER BY length(h.name), lower(h.name), h.id LIMIT 10)
      UNION ALL
      (SELECT 1, p.id, p.name, p.reference, p.client_id, p.archived_at FROM projects p
        WHERE $3::text IS NOT NULL AND p.organisation_id = $1 AND p.deleted_at IS NULL
          AND p.archived_at IS NULL AND (p.name ILIKE $3 OR p.reference ILIKE $3)
          AND NOT (lower(p.name) LIKE lower($2) OR coalesce(lower(p.reference) LIKE lower($2), false))
          AND ($4::text IS NULL OR p.id IN (SELECT project_id FROM scoped))
        ORDER BY length(p.name), lower(p.name), p.id LIMIT 10)
      UNION ALL
      (SELECT 2, h.* FROM prefixed h WHERE h.archived_at IS NOT NULL
        ORDER BY length(h.name), lower(h.name), h.id LIMIT 10)
      UNION ALL
      (SELECT 3, p.id, p.name, p.reference, p.client_id, p.archived_at FROM projects p
        WHERE $3::text IS NOT NULL AND p.organisation_id = $1 AND p.deleted_at IS NULL
          AND p.archived_at IS NOT NULL AND (p.name ILIKE $3 OR p.reference ILIKE $3)
          AND NOT (lower(p.name) LIKE lower($2) OR coalesce(lower(p.reference) LIKE lower($2), false))
          AND ($4::text IS NULL OR p.id IN (SELECT project_id FROM scoped))
        ORDER BY length(p.name), lower(p.name), p.id LIMIT 10)
    ) hits (tier, id, name, reference, client_id, archived_at)
    ORDER BY hits.tier, length(hits.name), lower(hits.name), hits.id
    LIMIT 10
  $q$ USING current_setting('app.organisation_id', true), term_prefix, term_contains,
    guest_user_id;
END
$$;
GRANT EXECUTE ON FUNCTION search_projects(text, text, text) TO fieldwork_app;

CREATE FUNCTION search_clients(term_prefix text, term_contains text)
  RETURNS TABLE (tier integer, id text, name text, archived_at timestamptz)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
BEGIN
  RETURN QUERY EXECUTE $q$
    WITH prefixed AS MATERIALIZED (
      SELECT c.id, c.name, c.archived_at FROM clients c
       WHERE c.organisation_id = $1 AND lower(c.name) LIKE lower($2)
    )
    SELECT * FROM (
      (SELECT 0, h.* FROM prefixed h WHERE h.archived_at IS NULL
        ORDER BY length(h.name), lower(h.name), h.id LIMIT 10)
      UNION ALL
      (SELECT 1, c.id, c.name, c.archived_at FROM clients c
        WHERE $3::text IS NOT NULL AND c.organisation_id = $1 AND c.archived_at IS NULL
          AND c.name ILIKE $3 AND lower(c.name) NOT LIKE lower($2)
        ORDER BY length(c.name), lower(c.name), c.id LIMIT 10)
      UNION ALL
      (SELECT 2, h.* FROM prefixed h WHERE h.archived_at IS NOT NULL
        ORDER BY length(h.name), lower(h.name), h.id LIMIT 10)
      UNION ALL
      (SELECT 3, c.id, c.name, c.archived_at FROM clients c
        WHERE $3::text IS NOT NULL AND c.organisation_id = $1 AND c.archived_at IS NOT NULL
          AND c.name ILIKE $3 AND lower(c.name) NOT LIKE lower($2)
        ORDER BY length(c.name), lower(c.name), c.id LIMIT 10)
    ) hits (tier, id, name, archived_at)
    ORDER BY hits.tier, length(hits.name), lower(hits.name), hits.id
    LIMIT 10
  $q$ USING current_setting('app.organisation_id', true), term_prefix, term_contains;
END
$$;
GRANT EXECUTE ON FUNCTION search_clients(text, text) TO fieldwork_app;
