import type { Role } from '@fieldwork/contract';
import type { ZodObject, ZodType } from 'zod';
import type { OrganisationContext } from '../http/context';

export type FieldType = 'text' | 'id' | 'integer' | 'number' | 'boolean' | 'timestamp' | 'json';

export interface FieldDeclaration {
  type: FieldType;
  /** SQL over the row alias `t`; defaults to the column of the same name. */
  sql?: string;
  filter?: boolean;
  sort?: boolean;
  sum?: boolean;
}

export type Row = Record<string, unknown> & { id: string };

/** Loads one relation for a page of presented records, in one query whatever the page size. */
export interface Expansion {
  load(ctx: OrganisationContext, rows: Row[]): Promise<(row: Row) => unknown>;
}

export type Verb =
  | 'list'
  | 'get'
  | 'create'
  | 'update'
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

export interface ResourceRules<Input> {
  /** Fills defaults and checks business rules before a row is written. */
  beforeWrite?(
    ctx: OrganisationContext,
    values: Partial<Input>,
    existing: Row | null,
  ): Promise<Partial<Input>>;
  /** Why each id may not be deleted (unless forced): id → reason. */
  deleteBlockers?(ctx: OrganisationContext, ids: string[]): Promise<Map<string, string>>;
  /** Clears what stands in the way of a forced delete. */
  beforeForceDelete?(ctx: OrganisationContext, ids: string[]): Promise<void>;
  /** Runs after rows were inserted, with each row's create body as the client sent it. */
  afterInsert?(ctx: OrganisationContext, created: { id: string; input: Input }[]): Promise<void>;
  /** Runs after rows were duplicated: each original's id with its copy's, e.g. to copy children. */
  afterDuplicate?(ctx: OrganisationContext, copies: { from: string; to: string }[]): Promise<void>;
  /** Runs after rows were deleted (soft or hard), in the same transaction. */
  afterDelete?(ctx: OrganisationContext, ids: string[]): Promise<void>;
}

export interface ResourceScope {
  column: string;
  param: string;
  path: string;
  table: string;
  label: string;
  /** SQL condition over the parent row alias `p` that makes it usable, e.g. not deleted. */
  live?: string;
}

export interface ResourceDeclaration<
  Create extends ZodObject = ZodObject,
  Update extends ZodObject = ZodObject,
> {
  /** URL segment and audit collection name, e.g. "clients". */
  name: string;
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
  /** Columns searched case-insensitively by filter[search]. */
  search?: string[];
  expand?: Record<string, Expansion>;
  defaultSort: string;
  verbs: Verb[];
  archivable?: boolean;
  softDelete?: boolean;
  forceDelete?: boolean;
  /** Sibling order column, kept per parent group. */
  order?: { column: string; groupBy?: string[] };
  /** The column `move` changes, e.g. a level's block_id. */
  parent?: { column: string; table: string; label: string };
  /**
   * A resource that lives under a parent record, e.g. a project's location statuses: served at
   * /{parent.path}/:{parent.param}/{name}, every call limited to the rows whose column names that
   * parent (which must be the organisation's, and live).
   */
  scope?: ResourceScope;
  access: { read: Role; write: Role; forceDelete?: Role };
  rules?: ResourceRules<Record<string, unknown>>;
  /**
   * Finishes a selected row into the record the API answers, for what SQL cannot say (e.g. a
   * country's name from the server's reference list). Runs wherever the kit presents rows.
   */
  present?(row: Row, ctx: OrganisationContext): Row;
}

export function defineResource<C extends ZodObject, U extends ZodObject>(
  declaration: ResourceDeclaration<C, U>,
): ResourceDeclaration {
  return declaration;
}

export const writableColumns = (declaration: ResourceDeclaration) =>
  Object.keys(declaration.create.shape);
