-- GET /search ranks matches: live before archived, names or references starting with the term
-- before those containing it, then shorter names, then the name. Each of those groups is served
-- by an index so a search stays fast however many records match (measured in docs/benchmarks.md):
--   * starts with: btree prefix ranges on lower(...) (text_pattern_ops whatever the collation);
--   * contains, many matches: the rank order itself, walked until ten rows pass the filter;
--   * contains, few matches: the trigram indexes (clients_name_trgm_idx, projects_*_trgm_idx).

CREATE INDEX projects_name_prefix_idx ON projects (organisation_id, lower(name) text_pattern_ops)
  WHERE deleted_at IS NULL;
CREATE INDEX projects_reference_prefix_idx
  ON projects (organisation_id, lower(reference) text_pattern_ops) WHERE deleted_at IS NULL;
CREATE INDEX projects_live_rank_idx ON projects (organisation_id, length(name), lower(name), id)
  WHERE deleted_at IS NULL AND archived_at IS NULL;
CREATE INDEX projects_archived_rank_idx ON projects (organisation_id, length(name), lower(name), id)
  WHERE deleted_at IS NULL AND archived_at IS NOT NULL;

CREATE INDEX clients_name_prefix_idx ON clients (organisation_id, lower(name) text_pattern_ops);
CREATE INDEX clients_live_rank_idx ON clients (organisation_id, length(name), lower(name), id)
  WHERE archived_at IS NULL;
CREATE INDEX clients_archived_rank_idx ON clients (organisation_id, length(name), lower(name), id)
  WHERE archived_at IS NOT NULL;
