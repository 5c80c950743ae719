import type { OrganisationContext } from '../../platform/http/context';
import type { Params } from '../../platform/resource-kit';
import { searchSection } from '../projects';
import { jobSheetVisibility } from './access';
import { jobSheetTextSearch } from './filters';

/**
 * GET /search's job sheets: those the caller sees whose number is the term, whose form or job
 * reference contains it, or whose answers hold its words (full-text, filter[search] of the list);
 * at most ten, the number's own sheet first, then newest first, named "#number form".
 */
export function searchJobSheetsSql(ctx: OrganisationContext, term: string, params: Params): string {
  const visible = jobSheetVisibility(ctx, params);
  const number = /^#?\d{1,9}$/.test(term) ? Number(term.replace('#', '')) : null;
  const matches = jobSheetTextSearch.sql([term], params, ctx);
  return `SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', '#' || s.number || ' ' || s.form_name)
                 ORDER BY s.exact DESC NULLS LAST, s.number DESC), '[]'::json)
            FROM (SELECT t.id, t.number, f.name AS form_name,
                         t.number = ${params.add(number)}::int AS exact
                    FROM job_sheets t
                    JOIN forms f ON f.organisation_id = t.organisation_id AND f.id = t.form_id
                   WHERE t.organisation_id = ${params.add(ctx.organisationId)}
                     AND (${matches})${visible ? ` AND (${visible})` : ''}
                   ORDER BY exact DESC NULLS LAST, t.number DESC
                   LIMIT 10) s`;
}

/** The job sheets section of GET /search (projects/search-sections.ts). */
export const jobSheetsSearchSection = searchSection({
  key: 'jobSheets',
  sql: searchJobSheetsSql,
});
