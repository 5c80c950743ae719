-- Audit entries ready for undo and history (docs/decisions.md "Audit actions and before-images"):
-- an update's or delete's entry keeps the record as it was; entries written before this have none.
ALTER TABLE audit_entries ADD COLUMN before_image jsonb;

-- One action enumeration (packages/contract AUDIT_ACTIONS): the billing writers' lower-case
-- names are renamed in place, so older entries read like new ones. Row-level security is lifted
-- for the owner during the rename (FORCE would hide every row from it) and put back.
ALTER TABLE audit_entries NO FORCE ROW LEVEL SECURITY;
UPDATE audit_entries
   SET action = CASE action
                  WHEN 'plan_support_update' THEN 'UPDATE_PLAN_SUPPORT'
                  WHEN 'checkout_completed' THEN 'COMPLETE_CHECKOUT'
                  ELSE upper(action)
                END
 WHERE action <> upper(action);
ALTER TABLE audit_entries FORCE ROW LEVEL SECURITY;
