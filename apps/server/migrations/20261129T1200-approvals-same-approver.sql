-- A project decides whether the same person may decide two approval stages of one sheet in one
-- round. Allowed by default, as every project has worked so far (docs/decisions.md).
ALTER TABLE projects ADD COLUMN approvals_same_approver_allowed boolean NOT NULL DEFAULT true;
