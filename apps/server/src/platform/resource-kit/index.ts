/**
 * The resource kit's public face: modules declare an entity and serve it through these names
 * only (lint forbids deep imports from modules), so the kit's insides can change freely.
 */
export {
  ARCHIVE_VERBS,
  CRUD_VERBS,
  RESTORE_VERBS,
  defineResource,
  type ActionChange,
  type ActionDeclaration,
  type ActionPlan,
  type ActionRefusal,
  type CustomFilter,
  type Expansion,
  type FieldDeclaration,
  type FilesDeclaration,
  type ResourceDeclaration,
  type ResourceRules,
  type ResourceScope,
  type Row,
  type Verb,
  type Visibility,
} from './declaration';
export { calendarDateField, nameOfField } from './fields';
export {
  parentAccess,
  policyOf,
  stateRules,
  type Policy,
  type PolicyEntry,
  type PolicyLock,
} from './policy';
export { declarationOf, resourceListRoute, resourceRoutes } from './routes';
export { listEnvelope } from './verbs/kit';
export { reader } from './repository';
export { notFoundReason, writer } from './writer';
export { resourceScope } from './scope';
export { belongsTo, hasMany, userRef } from './expand';
export { parentRecord } from './children';
export { selectOptionsRoute } from './select-options';
export { exportBodySchema, withBodyQuery } from './list-body';
export { present, presentRecord } from './present';
export { filesOf, type StoredFile } from './files';
export {
  filterNames,
  isoTimestampSql,
  Params,
  quote,
  selectList,
  sortNames,
  sumNames,
  type Caller,
} from './sql';
export { experimentalListRoutes } from './experimental';
export { declaredAction, declaredItemsAction, failureError } from './verbs/actions';
export { placer } from './verbs/place';
export {
  defineLinks,
  linkKit,
  type LinkDeclaration,
  type LinkSelect,
  type LinkVerb,
} from './links';
export { linkRoutes } from './link-routes';
export { prefixTsQuery, textMatchSql, textSearchFilter, type TextSource } from './text-search';
export { forceQuery, isForced } from './force';
export { auditTrailRoutes } from './audit-trail/routes';
export { AUDIT_ENTRY_FIELDS } from './audit-trail/entries.resource';
