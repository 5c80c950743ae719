import type { AuditAction, Role } from '@fieldwork/contract';
import type { ZodObject, ZodType } from 'zod';
import type { SniffedType } from '../uploads/sniff';
import type { OrganisationContext } from '../http/context';
import type { HttpMethod } from '../http/route';
import type { Policy } from './policy';
import type { Caller, Params } from './sql';

export type FieldType = 'text' | 'id' | 'integer' | 'number' | 'boolean' | 'timestamp' | 'json';

export interface FieldDeclaration {
  type: FieldType;
  /** SQL over the row alias `t`; defaults to the column of the same name. */
  sql?: string;
  filter?: boolean;
  sort?: boolean;
  sum?: boolean;
  /** SQL that orders by this field when its value does not sort as people expect (e.g. ranks). */
  sortSql?: string;
}

export type Row = Record<string, unknown> & { id: string };

/**
 * A filter that is not a plain column: filter[name]=values becomes an SQL condition over the
 * row alias `t`, its values bound through params (throw badRequest for values it cannot take).
 */
export interface CustomFilter {
  sql(values: string[], params: Params, caller: Caller): string;
}

/**
 * Which rows the caller may see at all, as an SQL condition over the row alias `t` (values bound
 * through params), or null for every row of the organisation. The kit adds it to every read and
 * every id set a write is given, so no route can forget it; rows outside it are "not found".
 */
export type Visibility = (ctx: OrganisationContext, params: Params) => string | null;

/** Loads one relation for a page of presented records, in one query whatever the page size. */
export interface Expansion {
  load(ctx: OrganisationContext, rows: Row[]): Promise<(row: Row) => unknown>;
}

export type Verb =
  | 'list'
  | 'get'
  | 'create'
  | 'update'
  | 'update_many'
  | 'delete'
  | 'archive'
  | 'restore'
  | 'duplicate'
  | 'move'
  | 'reorder'
  | 'create_many'
  | 'archive_many'
  | 'delete_many'
  | 'restore_many'
  | 'move_many'
  | 'duplicate_many';

/** The verb sets most entities serve, so a declaration names what it adds to them. */
export const CRUD_VERBS: Verb[] = ['list', 'get', 'create', 'update', 'delete'];
/** Archiving entities: archive/unarchive one or many, and bulk delete. */
export const ARCHIVE_VERBS: Verb[] = ['archive', 'archive_many', 'delete_many'];
/** Soft-deleted entities: bulk create and delete, restore one or many. */
export const RESTORE_VERBS: Verb[] = ['create_many', 'delete_many', 'restore', 'restore_many'];

export interface ResourceRules<Input> {
  /** Fills defaults and checks business rules before a row is written. */
  beforeWrite?(
    ctx: OrganisationContext,
    values: Partial<Input>,
    existing: Row | null,
  ): Promise<Partial<Input>>;
  /** Why each id may not be deleted (unless forced): id → reason (409 `in_use`, or its own code). */
  deleteBlockers?(
    ctx: OrganisationContext,
    ids: string[],
  ): Promise<Map<string, string | { reason: string; code: string }>>;
  /** Clears what stands in the way of a forced delete. */
  beforeForceDelete?(ctx: OrganisationContext, ids: string[]): Promise<void>;
  /** Runs after rows were inserted, with each row's create body as the client sent it. */
  afterInsert?(ctx: OrganisationContext, created: { id: string; input: Input }[]): Promise<void>;
  /**
   * Runs after a row was updated with the values written (after beforeWrite) and the body as the
   * client sent it, e.g. child rows or link rows named by keys that are not columns (beforeWrite
   * takes them out); it runs even when no column changed.
   */
  afterUpdate?(
    ctx: OrganisationContext,
    existing: Row,
    values: Partial<Input>,
    input: Record<string, unknown>,
  ): Promise<void>;
  /** Runs after rows were duplicated: each original's id with its copy's, e.g. to copy children. */
  afterDuplicate?(ctx: OrganisationContext, copies: { from: string; to: string }[]): Promise<void>;
  /**
   * Runs after rows were deleted (soft or hard), in the same transaction, with the rows as they
   * were (whole table rows, e.g. to remove their stored files once the delete commits).
   */
  afterDelete?(ctx: OrganisationContext, ids: string[], before: Row[]): Promise<void>;
}

/**
 * A transition of a record's lifecycle, served as POST /{name}/{id}/{name} and
 * POST /{name}/{name}_many (body {ids, ...body}), each id answered with the real reason it failed:
 * not found, not permitted (policy), not allowed from its status, invalid (validate), or changed
 * by someone else meanwhile (the UPDATE re-checks the status, so of two people acting at once one
 * succeeds and the other gets a 409).
 */
export interface ActionDeclaration {
  /** Policy action and (unless `segment`) URL segment, e.g. "start". */
  name: string;
  /** The URL segment when it is not the name, e.g. "role" for update_role. */
  segment?: string;
  /** Methods of the one-record route (default POST), e.g. ['PUT'] for /members/{id}/role. */
  methods?: HttpMethod[];
  /** Methods of the _many route (default POST), e.g. ['PUT', 'POST'] for /jobs/start_on_web_many. */
  manyMethods?: HttpMethod[];
  /** Refuse API keys (the route's noApiKeys). */
  noApiKeys?: boolean;
  /** What the one-record route answers instead of the record, e.g. the member as a guest. */
  answer?: { schema: ZodType; load(ctx: OrganisationContext, id: string): Promise<unknown> };
  /** The bulk answer's key, e.g. "started". */
  past: string;
  /** The audit entry's action, one of the contract's AUDIT_ACTIONS, e.g. "START". */
  audit: AuditAction;
  summary?: string;
  /** The output field holding the status (default "status"); must be a column of the table. */
  statusColumn?: string;
  /** Statuses the action may start from; every status when unset. */
  from?: string[];
  /** Columns set to values (bound as parameters), e.g. {status: 'IN_PROGRESS'}. */
  sets?: Record<string, unknown>;
  /** Columns set to SQL over the row alias `t`, e.g. {started_at: 'now()'}. */
  setsSql?: Record<string, string>;
  /** Extra input beside the ids, e.g. a reason or a new date. */
  body?: ZodObject;
  /** Body fields written to the column of the same name, e.g. ['date'] for a reschedule. */
  setsFromBody?: string[];
  /** Columns set to values computed from the caller and the body (bound as parameters). */
  setsFrom?(ctx: OrganisationContext, body: Record<string, unknown>): Record<string, unknown>;
  /**
   * How a one-record call answers a record in a status the action does not start from: 409
   * (default) or 422 with the reason naming the field `status`. Bulk answers are the same either way.
   */
  wrongStatus?: 409 | 422;
  /** Least role; the policy table may say more (record rules). Default: the write role. */
  role?: Role;
  /**
   * Extra checks over the visible, permitted rows in that status: id → why it may not (a
   * refusal naming the body field at fault makes a one-record call's 422 name that field).
   */
  validate?(
    ctx: OrganisationContext,
    rows: Row[],
    body: Record<string, unknown>,
  ): Promise<Map<string, string | ActionRefusal>>;
  /** Runs after the rows changed, in the same transaction (e.g. child rows, notifications). */
  after?(ctx: OrganisationContext, ids: string[], body: Record<string, unknown>): Promise<void>;
  /** What each row becomes, or why it may not (see ActionPlan); runs after `validate`. */
  plan?: ActionPlan;
  /**
   * The _many route's body when each id carries its own body: `{[list]: [{id, ...item}]}`, e.g.
   * {jobSheetApprovals: [...]}, answered by `response`; false: no _many route.
   */
  many?: { list: string; body: ZodObject; response: ZodType; summary?: string } | false;
  /** Why a row that changed between the plan and the write failed (409 `conflict`). */
  meanwhile?: string;
}

/**
 * Plans an action over rows already found visible, permitted, in a status it starts from and
 * valid, each with its own body (verbs/plan.ts): id → the row's change or why it may not. The
 * kit writes every change in one transaction, only if the row is still as the plan saw it.
 */
export type ActionPlan = (
  ctx: OrganisationContext,
  rows: Row[],
  bodies: ReadonlyMap<string, Record<string, unknown>>,
) => Promise<Map<string, ActionChange | ActionRefusal | string>>;

/** One row's planned change: its columns, and child rows written beside it. */
export interface ActionChange {
  /** Columns set to values, typed by the table's columns (beside the action's `sets`). */
  sets?: Record<string, unknown>;
  /** Columns set to SQL over the row alias `t`: the code's own text, never input. */
  setsSql?: Record<string, string>;
  /** Rows inserted beside it, e.g. an approval decision (id and organisation_id filled in). */
  inserts?: { table: string; values: Record<string, unknown> }[];
  /** Child rows changed beside it, by their id, e.g. a decision struck out. */
  updates?: { table: string; id: string; sets: Record<string, unknown> }[];
  /** The audit entry's changes (default: the action's sets and the body). */
  changes?: Record<string, unknown> | null;
}

/**
 * Why an action may not run on a record: naming the body field at fault (e.g. operative_id, a
 * 422), or with its own code (a 409, or a 403 when `forbidden`).
 */
export type ActionRefusal =
  { reason: string; field: string } | { reason: string; code: string; forbidden?: boolean };

/**
 * Files a record holds (e.g. a qualification's attachments), kept in one jsonb column: create
 * and update also take multipart bodies whose `field` carries files; POST /{name}/{id}/{column}
 * adds files and DELETE /{name}/{id}/{column}/{param} removes one; answers carry signed links,
 * never storage keys; deleting the record removes its files once the delete commits.
 */
export interface FilesDeclaration {
  /** The jsonb column, also the URL segment, e.g. "attachments". */
  column: string;
  /** The multipart field carrying files, e.g. "files". */
  field: string;
  /** Most files one record may hold. */
  max: number;
  /** Singular for messages, e.g. "Attachment" (default: the column, singular). */
  label?: string;
  /** Path parameter naming one file, e.g. "attachmentId" (default: label + "Id"). */
  param?: string;
  /**
   * The types a file must be, read from its bytes (never its name or the type the client sent),
   * e.g. an avatar's images; another is a 422 naming the field with `acceptMessage`.
   */
  accept?: SniffedType[];
  acceptMessage?: string;
}

export interface ResourceScope {
  column: string;
  /**
   * The output field answering the parent's id when it is not `column`, e.g. a project's copy of
   * a form section answers its copy as `form_id` (SQL over `project_form_id`).
   */
  field?: string;
  param: string;
  path: string;
  table: string;
  label: string;
  /** SQL condition over the parent row alias `p` that makes it usable, e.g. not deleted. */
  live?: string;
  /**
   * The parent's own parent, when the parent is itself served under one, e.g. a field under
   * /forms/{formId}/sections/{sectionId}/fields: `under.column` is the parent table's column
   * naming it. A parent that is not under that grandparent is "not found".
   */
  under?: ResourceScope;
}

export interface ResourceDeclaration<
  Create extends ZodObject = ZodObject,
  Update extends ZodObject = ZodObject,
> {
  /** URL segment and audit collection name, e.g. "clients". */
  name: string;
  /**
   * How a path id finds its record when the record's id is not the row's `id` column: `column`
   * holds the record's id (its `id` field must select that column), `alternates` are other
   * columns a path id may name instead, e.g. a member: {column: 'user_id', alternates: ['id']}.
   * Audit entries name the row's own id. Keyed resources do not create, duplicate or reorder.
   */
  key?: { column: string; alternates?: string[] };
  /** The audit entries' collection when it is not `name`, e.g. "memberships". */
  auditCollection?: string;
  /** Singular, for messages and documentation, e.g. "Client". */
  label: string;
  table: string;
  record: ZodType;
  create: Create;
  update: Update;
  /** Output fields beside id, created_at and updated_at. */
  fields: Record<string, FieldDeclaration>;
  /** Foreign keys in write bodies that must name a record of the same organisation. */
  references?: Record<string, { table: string; label: string; live?: string }>;
  /** Named filters that are not plain columns, e.g. expires_before. */
  filters?: Record<string, CustomFilter>;
  /** Lifecycle transitions served beside the verbs (see ActionDeclaration). */
  actions?: ActionDeclaration[];
  /**
   * Who may take each action (verbs and declared actions) beyond the access roles: see
   * PolicyEntry. When set, every record the kit answers carries `permissions: {action: boolean}`
   * for the caller.
   */
  policy?: Policy;
  /** Files the records hold (see FilesDeclaration). */
  files?: FilesDeclaration;
  /** Record-level visibility computed from the caller (see Visibility). */
  visibility?: Visibility;
  /** Columns searched case-insensitively by filter[search]. */
  search?: string[];
  /**
   * An integer column filter[search] also matches exactly when the term is a number ("42" or
   * "#42"), e.g. a job's number beside its reference. Only with `search`.
   */
  searchNumber?: string;
  expand?: Record<string, Expansion>;
  defaultSort: string;
  verbs: Verb[];
  archivable?: boolean;
  /** Update keys update_many does not take (they name one record, e.g. a name). */
  updateManyOmits?: string[];
  softDelete?: boolean;
  forceDelete?: boolean;
  /** Sibling order column, kept per parent group. */
  order?: { column: string; groupBy?: string[] };
  /**
   * How duplicate (and duplicate_many) copies a record when copying its columns is not enough.
   * `sets` gives columns each copy takes instead of the original's (a job's new number);
   * `rows` copies each live row of ids its own way (a project template's configuration lists)
   * and answers original id → copy id (ids absent were not found), auditing its copies itself;
   * `body` is what the one-record route takes beside the id, e.g. {name?}, handed to `rows`.
   */
  copy?: {
    body?: ZodObject;
    /** The table columns a copy takes from its original (default: the create body's columns). */
    columns?: string[];
    sets?(ctx: OrganisationContext): Promise<Record<string, unknown>>;
    rows?(
      ctx: OrganisationContext,
      ids: string[],
      body: Record<string, unknown>,
    ): Promise<Map<string, string>>;
  };
  /**
   * The column `move` changes, e.g. a level's block_id. With `resource` (see parentRecord) the
   * row is a child of that record, e.g. a sheet's photo: visible only while its parent is, and
   * written only by whoever may update its parent, besides its own visibility and policy.
   */
  parent?: {
    column: string;
    table: string;
    label: string;
    resource?: () => ResourceDeclaration;
    /**
     * The names a move's body gives the new parent and the index when they are not the column
     * and `index`, e.g. a form field's {toFormSectionId, toIndex} (field-work §7).
     */
    moveBody?: { parent: string; index: string };
    /**
     * A move may name no parent (null: the top, e.g. a project's root folder); the tree's
     * other rules (a folder not into itself) are the plan's.
     */
    topLevel?: boolean;
    /**
     * The move's plan step: over the visible, permitted ids and the new parent (null: the top),
     * id → why that item may not go there (e.g. a folder into its own descendant, a name
     * clash, a missing target), answered per item in move_many's `failed` and as a one-record
     * move's 422; the others move.
     */
    planMove?(
      ctx: OrganisationContext,
      ids: string[],
      parentId: string | null,
    ): Promise<Map<string, { reason: string; code: string }>>;
  };
  /**
   * Embedded children (see hasMany), e.g. a sheet's photos: each record answers them under the
   * name, presented from their own declaration, one query per kind for a page of records.
   */
  children?: Record<string, Expansion>;
  /**
   * A resource that lives under a parent record, e.g. a project's location statuses: served at
   * /{parent.path}/:{parent.param}/{name}, every call limited to the rows whose column names that
   * parent (which must be the organisation's, and live).
   */
  scope?: ResourceScope;
  /** Least roles per kind of verb; note: a rule the roles cannot say, for docs/permissions.md. */
  access: { read: Role; write: Role; forceDelete?: Role; note?: string };
  /** Refuse API keys on every write route (e.g. guest invites: API keys invite no guests). */
  noApiKeys?: boolean;
  rules?: ResourceRules<Record<string, unknown>>;
  /**
   * Finishes a selected row into the record the API answers, for what SQL cannot say (e.g. a
   * country's name from the server's reference list). Runs wherever the kit presents rows.
   */
  present?(row: Row, ctx: OrganisationContext): Row;
  /**
   * Finishes a page (or a streamed chunk) of presented records with what takes a query, e.g. a
   * member's teams: one call per page, never per row.
   */
  finish?(ctx: OrganisationContext, rows: Row[]): Promise<Row[]>;
}

export function defineResource<C extends ZodObject, U extends ZodObject>(
  declaration: ResourceDeclaration<C, U>,
): ResourceDeclaration {
  return declaration;
}

/**
 * The columns a create writes: its body's keys, less those answered by SQL or by children (a
 * form's sections).
 */
export const writableColumns = (declaration: ResourceDeclaration) =>
  Object.keys(declaration.create.shape).filter(
    (key) => !declaration.fields[key]?.sql && !declaration.children?.[key],
  );
