import type { CustomFilter } from './declaration';
import type { Params } from './sql';

/**
 * A search term as a PostgreSQL tsquery of the 'simple' configuration: each word (letters and
 * digits) lower-cased, quoted and matched as a prefix, all of them required ("Corroded hinge" →
 * `'corroded':* & 'hinge':*`). Null when the term has no word to look for.
 */
export function prefixTsQuery(term: string): string | null {
  const words = term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (!words.length) return null;
  return words
    .slice(0, 8)
    .map((word) => `'${word}':*`)
    .join(' & ');
}

/** Where the text lives: rows of `table` pointing at the record by `parent`, their `column`. */
export interface TextSource {
  table: string;
  parent: string;
  column: string;
}

/**
 * SQL over `t` for "some row of `source` of this record contains every word of the term" with
 * PostgreSQL's full-text search (migration 20261129T1100: `text_search_ids`, its GIN index, why it
 * runs as its owner). FALSE when the term has no word.
 */
export function textMatchSql(source: TextSource, term: string, params: Params): string {
  const query = prefixTsQuery(term);
  if (!query) return 'FALSE';
  return `t.id IN (SELECT s.id FROM text_search_ids(${params.add(source.table)}, ${params.add(source.parent)}, ${params.add(source.column)}, ${params.add(query)}) AS s (id))`;
}

/**
 * filter[search] of a resource whose words live in more than its own columns: the record's own
 * matches (`own`: e.g. its number or a column's ILIKE) or any of its text rows' full-text match.
 */
export function textSearchFilter(
  source: TextSource,
  own: (term: string, params: Params) => string | null = () => null,
): CustomFilter {
  return {
    sql: (values, params) => {
      const term = values.join(',').trim();
      const conditions = [own(term, params), textMatchSql(source, term, params)].filter(
        (condition): condition is string => condition !== null,
      );
      return conditions.join(' OR ');
    },
  };
}
