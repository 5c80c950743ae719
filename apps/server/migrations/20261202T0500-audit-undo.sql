-- Audit undo (issue 27, item 4): an undo's own entries name the entry they undid, so they are
-- not "a later change" that would keep an earlier change from being undone, and are not
-- themselves undone (a change is made again instead).
ALTER TABLE audit_entries ADD COLUMN undo_of_entry_id text;

-- The organisation's audit log, newest first, and a record's history in order.
CREATE INDEX audit_entries_performed_idx
  ON audit_entries (organisation_id, performed_at DESC, id DESC);
CREATE INDEX audit_entries_document_order_idx
  ON audit_entries (organisation_id, collection_name, document_id, performed_at DESC, id DESC);
DROP INDEX audit_entries_document_idx;
