-- Full-text search over the text of child rows (a job sheet's answers), PostgreSQL's own text
-- search on both engines. The 'simple' configuration (lower-cased words, no stemming, no stop
-- words) is built into every PostgreSQL, PGlite included, and suits answers written in any
-- language and full of references ("FD-12", "L3"); the kit asks for each word as a prefix
-- ("corrod" finds "corroded"). As with search_ids, the request's role may not use @@ as an index
-- condition under row-level security (it is not LEAKPROOF), so text_search_ids runs as its owner
-- and answers the parent ids of the request's organisation (app.organisation_id, the setting the
-- policies read) whose rows match; the kit keeps the list's other conditions, visibility
-- included, around it.

CREATE INDEX job_sheet_field_values_text_idx ON job_sheet_field_values
  USING gin (to_tsvector('simple'::regconfig, coalesce(value_string, '')));

CREATE FUNCTION text_search_ids(target text, parent_column text, text_column text, query text)
  RETURNS SETOF text
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  relation regclass := to_regclass(target);
BEGIN
  IF relation IS NULL
     OR NOT has_table_privilege('fieldwork_app', relation, 'SELECT')
     OR (SELECT count(*) FROM pg_attribute a
          WHERE a.attrelid = relation AND NOT a.attisdropped
            AND a.attname IN ('organisation_id', parent_column, text_column)) <> 3 THEN
    RAISE EXCEPTION 'text_search_ids: % cannot be searched', target;
  END IF;
  RETURN QUERY EXECUTE format(
      'SELECT DISTINCT %1$I FROM %2$s WHERE to_tsvector(''simple''::regconfig, coalesce(%3$I, '''')) @@ to_tsquery(''simple''::regconfig, $2) AND organisation_id = $1',
      parent_column, relation, text_column)
    USING current_setting('app.organisation_id', true), query;
END
$$;
GRANT EXECUTE ON FUNCTION text_search_ids(text, text, text, text) TO fieldwork_app;
