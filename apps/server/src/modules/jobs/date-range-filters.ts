import { badRequest } from '../../platform/errors';
import type { CustomFilter } from '../../platform/resource-kit';

const isCalendarDate = (value: string) =>
  /^\d{4}-\d\d-\d\d$/.test(value) && !Number.isNaN(Date.parse(value));

/** filter[{name}]=YYYY-MM-DD comparing the date column with `operator` (both ends inclusive). */
function dateBound(name: string, column: string, operator: '>=' | '<='): CustomFilter {
  return {
    sql(values, params) {
      if (values.length !== 1 || !isCalendarDate(values[0]!)) {
        throw badRequest(`filter[${name}] takes one date (YYYY-MM-DD).`, 'bad_filter');
      }
      return `t.${column} ${operator} ${params.add(values[0])}::date`;
    },
  };
}

/**
 * An inclusive range over a date column: filter[{column}_from] and filter[{column}_to] (for
 * jobs, filter[date_from] and filter[date_to]); rows without a date match neither.
 */
export function dateRangeFilters(column: string): Record<string, CustomFilter> {
  return {
    [`${column}_from`]: dateBound(`${column}_from`, column, '>='),
    [`${column}_to`]: dateBound(`${column}_to`, column, '<='),
  };
}

/** The jobs list's (and board's) date range: filter[date_from] and filter[date_to]. */
export const jobDateRangeFilters = dateRangeFilters('date');
