import { badRequest } from '../errors';
import { ID_PATTERN } from '@fieldwork/contract';
import type { OrganisationContext } from '../http/context';
import type { ParsedListQuery } from '../list-query/parse';
import { parentOf, underParent } from './children';
import type { FieldDeclaration, ResourceDeclaration } from './declaration';
import { Params, quote } from './sql-keys';

export { isoTimestampSql, keyColumn, keyIn, keySql, Params, quote } from './sql-keys';

const BASE_FIELDS: Record<string, FieldDeclaration> = {
  id: { type: 'id', filter: true },
  created_at: { type: 'timestamp', sort: true },
  updated_at: { type: 'timestamp', sort: true },
};

export function allFields(declaration: ResourceDeclaration): Record<string, FieldDeclaration> {
  return { ...BASE_FIELDS, ...declaration.fields };
}

export const fieldSql = (name: string, field: FieldDeclaration) => field.sql ?? `t.${quote(name)}`;

/** The select list of a declaration's fields: every one, or only those named (and its id). */
export function selectList(declaration: ResourceDeclaration, names?: readonly string[]): string {
  const fields = allFields(declaration);
  const chosen = names ? ['id', ...names.filter((name) => name !== 'id')] : Object.keys(fields);
  return chosen
    .map((name) => {
      const field = fields[name];
      if (!field) throw new Error(`${declaration.name} has no field ${name}`);
      return `${fieldSql(name, field)} AS ${quote(name)}`;
    })
    .join(', ');
}

/** Names every filter a resource accepts, for validation messages and OpenAPI. */
export function filterNames(declaration: ResourceDeclaration): string[] {
  const names = Object.entries(allFields(declaration))
    .filter(([, field]) => field.filter)
    .map(([name]) => name);
  if (declaration.archivable) names.push('archived');
  if (declaration.softDelete) names.push('deleted');
  if (declaration.search) names.push('search');
  names.push(...Object.keys(declaration.filters ?? {}));
  return names;
}

/**
 * Who reads: a request's context, or (benchmarks, scripts) only an organisation id, which is
 * refused for a resource that declares visibility so that no read can skip it.
 */
export type Caller = OrganisationContext | { organisationId: string };

/** The declaration's record-level visibility for the caller as " AND (…)", or "" when none. */
export function visibilitySql(
  declaration: ResourceDeclaration,
  caller: Caller,
  params: Params,
): string {
  const condition = visibilityOf(declaration, caller, params);
  return condition ? ` AND (${condition})` : '';
}

/** Whether some rows may be hidden from some callers: its own visibility or a parent's. */
export function hasVisibility(declaration: ResourceDeclaration): boolean {
  const parent = parentOf(declaration);
  return !!declaration.visibility || (!!parent && hasVisibility(parent.resource));
}

/** Its own visibility and, for a child, its parent's (the parent's parent's, ...). */
function visibilityOf(
  declaration: ResourceDeclaration,
  caller: Caller,
  params: Params,
): string | null {
  if (!hasVisibility(declaration)) return null;
  if (!('membership' in caller)) {
    throw new Error(`${declaration.name} declares visibility: read it with a request context`);
  }
  const conditions: string[] = [];
  const parent = parentOf(declaration);
  const inherited = parent && visibilityOf(parent.resource, caller, params);
  if (parent && inherited) {
    const organisation = `t.organisation_id = ${params.add(caller.organisationId)}`;
    conditions.push(
      underParent(parent.resource, parent.column, `${organisation} AND ${inherited}`),
    );
  }
  const own = declaration.visibility?.(caller, params);
  if (own) conditions.push(own);
  return conditions.length ? conditions.map((condition) => `(${condition})`).join(' AND ') : null;
}

/**
 * How filter[search] matches. "ids": through search_ids (a migration), which runs as its owner,
 * scoped to the request's organisation: under row-level security ILIKE cannot be an index
 * condition, so only there can the trigram indexes find a rare term's few rows. "scan": ILIKE
 * on each row read, which suits a page of a common term, read in list order until it is full.
 */
export type SearchMatch = 'ids' | 'scan';

export function whereClause(
  declaration: ResourceDeclaration,
  query: Pick<ParsedListQuery, 'filters'>,
  params: Params,
  caller: Caller,
  search: SearchMatch = 'ids',
): string {
  const conditions = [
    `t.organisation_id = ${params.add(caller.organisationId)}${visibilitySql(declaration, caller, params)}`,
  ];
  const custom = declaration.filters ?? {};
  const fields = allFields(declaration);
  const deleted = query.filters.get('deleted');
  if (declaration.softDelete) {
    conditions.push(
      deleted && parseBoolean('deleted', deleted)
        ? 't.deleted_at IS NOT NULL'
        : 't.deleted_at IS NULL',
    );
  }
  for (const [name, values] of query.filters) {
    if (name === 'deleted' && declaration.softDelete) continue;
    const customFilter = custom[name];
    if (customFilter) {
      conditions.push(`(${customFilter.sql(values, params, caller)})`);
    } else if (name === 'archived' && declaration.archivable) {
      conditions.push(`t.archived_at IS ${parseBoolean(name, values) ? 'NOT ' : ''}NULL`);
    } else if (name === 'search' && declaration.search) {
      const term = values.join(',');
      const pattern = params.add(`%${escapeLike(term)}%`);
      const number = declaration.searchNumber && /^\s*#?(\d{1,9})\s*$/.exec(term)?.[1];
      const byNumber = number
        ? `t.${quote(declaration.searchNumber!)} = ${params.add(Number(number))}::int OR `
        : '';
      if (search === 'scan') {
        conditions.push(
          `(${byNumber}${declaration.search.map((column) => `t.${quote(column)} ILIKE ${pattern}`).join(' OR ')})`,
        );
      } else {
        const columns = `${params.add(declaration.search)}::text[]`;
        conditions.push(
          `(${byNumber}t.id IN (SELECT s.id FROM search_ids(${params.add(declaration.table)}, ${columns}, ${pattern}) AS s (id)))`,
        );
      }
    } else {
      const field = fields[name];
      if (!field?.filter) {
        throw badRequest(
          `Unknown filter "${name}". Filters: ${filterNames(declaration).join(', ')}.`,
          'unknown_filter',
        );
      }
      conditions.push(fieldCondition(name, field, values, params));
    }
  }
  return conditions.join(' AND ');
}

function fieldCondition(
  name: string,
  field: FieldDeclaration,
  values: string[],
  params: Params,
): string {
  const sql = fieldSql(name, field);
  switch (field.type) {
    case 'boolean':
      return `${sql} = ${params.add(parseBoolean(name, values))}`;
    case 'integer':
    case 'number': {
      const numbers = values.map((value) => {
        if (!/^-?\d+(\.\d+)?$/.test(value))
          throw badRequest(`filter[${name}] takes numbers.`, 'bad_filter');
        return Number(value);
      });
      return `${sql} = ANY(${params.add(numbers)}::numeric[])`;
    }
    case 'id': {
      const wantsNull = values.includes('null');
      const ids = values.filter((value) => value !== 'null');
      if (ids.some((value) => !ID_PATTERN.test(value))) {
        throw badRequest(`filter[${name}] takes 24-character hex ids.`, 'bad_filter');
      }
      // filter[x]=null alone binds no id (an unused parameter is an error on PostgreSQL)
      const parts = !ids.length
        ? []
        : ids.length === 1
          ? [`${sql} = ${params.add(ids[0])}`]
          : [`${sql} = ANY(${params.add(ids)}::text[])`];
      if (wantsNull) parts.push(`${sql} IS NULL`);
      return `(${parts.join(' OR ')})`;
    }
    case 'text':
      // One value as a plain "=", so an index on the column also delivers rows in order.
      return values.length === 1
        ? `${sql} = ${params.add(values[0])}`
        : `${sql} = ANY(${params.add(values)}::text[])`;
    case 'timestamp':
    case 'json':
      throw badRequest(`filter[${name}] is not supported.`, 'unknown_filter');
  }
}

function parseBoolean(name: string, values: string[]): boolean {
  const value = values[0]?.toLowerCase();
  if (values.length === 1 && (value === 'true' || value === '1')) return true;
  if (values.length === 1 && (value === 'false' || value === '0')) return false;
  throw badRequest(`filter[${name}] must be true or false.`, 'bad_filter');
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

export function sortNames(declaration: ResourceDeclaration): string[] {
  return Object.entries(allFields(declaration))
    .filter(([, field]) => field.sort)
    .map(([name]) => name);
}

/** ORDER BY with the id as the last key, in the last key's direction, so pages never overlap. */
export function orderClause(
  declaration: ResourceDeclaration,
  query: Pick<ParsedListQuery, 'sort'> & Partial<Pick<ParsedListQuery, 'filters'>>,
): string {
  const fields = allFields(declaration);
  const terms = query.sort.length
    ? query.sort
    : [
        {
          field: declaration.defaultSort.replace(/^-/, ''),
          descending: declaration.defaultSort.startsWith('-'),
        },
      ];
  const parts: string[] = [];
  for (const { field, descending } of terms) {
    const declared = fields[field];
    if (!declared?.sort) {
      throw badRequest(
        `Unknown sort field "${field}". Sortable: ${sortNames(declaration).join(', ')}.`,
        'unknown_sort',
      );
    }
    // A key that a one-value equality filter pins is the same on every row: sorting by it is
    // work for nothing, and dropping it lets the filter's index deliver rows already in id order.
    const pinned = declared.filter && query.filters?.get(field)?.length === 1;
    if (pinned && field !== 'id') continue;
    // Text sorts ignore case, as people read lists; expression indexes on lower(...) serve them.
    const sql =
      declared.sortSql ??
      (declared.type === 'text'
        ? `lower(${fieldSql(field, declared)})`
        : fieldSql(field, declared));
    parts.push(`${sql} ${descending ? 'DESC' : 'ASC'}`);
  }
  const last = terms[terms.length - 1];
  if (!terms.some((term) => term.field === 'id'))
    parts.push(`t.id ${last?.descending ? 'DESC' : 'ASC'}`);
  return parts.join(', ');
}

export function sumNames(declaration: ResourceDeclaration): string[] {
  return Object.entries(allFields(declaration))
    .filter(([, field]) => field.sum)
    .map(([name]) => name);
}

export function sumSelect(declaration: ResourceDeclaration, names: string[]): string {
  const fields = allFields(declaration);
  return names
    .map((name) => {
      const field = fields[name];
      if (!field?.sum) {
        throw badRequest(
          `Cannot sum "${name}". Summable: ${sumNames(declaration).join(', ') || 'none'}.`,
          'unknown_sum',
        );
      }
      return `coalesce(sum(${fieldSql(name, field)}), 0)::float8 AS ${quote(name)}`;
    })
    .join(', ');
}

export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * The statements of a paged list: the count (and sums) over every match, and the page. The
 * page picks its ids first (an index-only scan where the filter and sort allow) and computes the
 * declared fields for those rows only, so computed columns cost per page, not per match.
 */
export function listStatements(
  declaration: ResourceDeclaration,
  query: Pick<ParsedListQuery, 'filters' | 'sort' | 'sum'>,
  caller: Caller,
  page: { number: number; size: number },
  search: SearchMatch = 'ids',
): { count: Statement; page: Statement; pageWithTotal: Statement | undefined } {
  const params = new Params();
  const where = whereClause(declaration, query, params, caller, search);
  const order = orderClause(declaration, query);
  const sums = query.sum.length ? `, ${sumSelect(declaration, query.sum)}` : '';
  const from = `${declaration.table} t`;
  const count = {
    text: `SELECT count(*)::int AS __total${sums} FROM ${from} WHERE ${where}`,
    values: [...params.values],
  };
  const limit = params.add(page.size);
  const offset = params.add((page.number - 1) * page.size);
  const pageOf = (extraColumns: string) => ({
    text: `SELECT ${selectList(declaration)}${extraColumns}
             FROM ${from}
             JOIN (SELECT t.id FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) page
               ON page.id = t.id
            ORDER BY ${order}`,
    values: params.values,
  });
  return {
    count,
    page: pageOf(''),
    // The count as an uncorrelated subquery (computed once) on every row of the page: one round
    // trip instead of two. Sums stay in the count statement (their names may be row fields).
    pageWithTotal: query.sum.length
      ? undefined
      : pageOf(`, (SELECT count(*)::int FROM ${from} WHERE ${where}) AS ${TOTAL_COLUMN}`),
  };
}

/** The column of `pageWithTotal` carrying the number of matches. */
export const TOTAL_COLUMN = '__total';
