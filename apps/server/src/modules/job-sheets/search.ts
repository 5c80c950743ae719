import type { SearchResult } from '@fieldwork/contract';
import type { OrganisationContext } from '../../platform/http/context';
import { Params } from '../../platform/resource-kit';
import { searchSection } from '../projects';
import { jobSheetVisibility } from './access';
import { jobSheetTextSearch } from './filters';

/**
 * GET /search's job sheets: those the caller sees whose number is the term, whose form or job
 * reference contains it, or whose answers hold its words (full-text, filter[search] of the list);
 * at most ten, the number's own sheet first, then newest first, named "#number form".
 */
export async function searchJobSheets(
  ctx: OrganisationContext,
  term: string,
): Promise<SearchResult['jobSheets']> {
  const params = new Params();
  const visible = jobSheetVisibility(ctx, params);
  const number = /^#?\d{1,9}$/.test(term) ? Number(term.replace('#', '')) : null;
  const matches = jobSheetTextSearch.sql([term], params, ctx);
  const { rows } = await ctx.db.query<{ id: string; number: number; form_name: string }>(
    `SELECT t.id, t.number, f.name AS form_name
       FROM job_sheets t
       JOIN forms f ON f.organisation_id = t.organisation_id AND f.id = t.form_id
      WHERE t.organisation_id = ${params.add(ctx.organisationId)}
        AND (${matches})${visible ? ` AND (${visible})` : ''}
      ORDER BY (t.number = ${params.add(number)}::int) DESC NULLS LAST, t.number DESC
      LIMIT 10`,
    params.values,
  );
  return rows.map((row) => ({ id: row.id, name: `#${row.number} ${row.form_name}` }));
}

/** The job sheets section of GET /search (projects/search-sections.ts). */
export const jobSheetsSearchSection = searchSection({ key: 'jobSheets', search: searchJobSheets });
