import type { ResourceDeclaration } from './declaration';

/** Collects positional parameters while a statement is assembled. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** A timestamptz column as answers write times (ISO 8601 in UTC), for JSON built in SQL. */
export const isoTimestampSql = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The column holding a record's id (see ResourceDeclaration.key): `id` unless declared. */
export const keyColumn = (declaration: ResourceDeclaration) => declaration.key?.column ?? 'id';

/** The record's id as SQL over a row alias, e.g. `t.user_id` for a member. */
export const keySql = (declaration: ResourceDeclaration, alias = 't') =>
  `${alias}.${quote(keyColumn(declaration))}`;

/** "the row's key is one of these ids" over a row alias, the ids bound through params. */
export const keyIn = (
  declaration: ResourceDeclaration,
  params: Params,
  ids: string[],
  alias = 't',
) => `${keySql(declaration, alias)} = ANY(${params.add(ids)}::text[])`;
