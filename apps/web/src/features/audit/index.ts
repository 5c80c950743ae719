// The audit trail (issue 27, item 4): the organisation's audit log and the deletions bin
// (settings pages), and a record's change history with undo for the record pages.
export { AuditLogPage } from './AuditLogPage';
export { DeletionsPage } from './DeletionsPage';
export { RecordHistory } from './RecordHistory';
