import type { FieldDeclaration } from './declaration';

type FieldOptions = Pick<FieldDeclaration, 'filter' | 'sort'>;

/**
 * A calendar date column, answered as YYYY-MM-DD text (a date column would turn into a
 * local-midnight Date object), filtered by that text and sorted by the date.
 */
export const calendarDateField = (column: string): FieldDeclaration => ({
  type: 'text',
  sql: `to_char(t.${column}, 'YYYY-MM-DD')`,
  sortSql: `t.${column}`,
  filter: true,
  sort: true,
});

/** The name of the record of `table` that `column` names (null when it names none). */
export const nameOfField = (
  table: 'users' | 'clients' | 'projects' | 'sites',
  column: string,
  options: FieldOptions = {},
): FieldDeclaration => ({
  type: 'text',
  sql: `(SELECT r.name FROM ${table} r WHERE r.id = t.${column})`,
  ...options,
});
