import type { OrganisationContext } from '../../platform/http/context';
import { parseListQuery } from '../../platform/list-query/parse';
import { reader, type Params } from '../../platform/resource-kit';
import { searchSection } from '../projects';
import { jobsResource } from './jobs.resource';

const jobs = reader(jobsResource);

/**
 * GET /search's jobs: those the caller sees (the kit's visibility: an operative finds only their
 * own) whose reference contains the term, or whose number it is ("42" or "#42"); newest first,
 * at most ten, each named "#number reference".
 */
export function searchJobsSql(ctx: OrganisationContext, term: string, params: Params): string {
  const number = /^#?(\d{1,9})$/.exec(term)?.[1];
  const query = parseListQuery(
    new URLSearchParams({
      [number ? 'filter[number]' : 'filter[search]']: number ?? term,
      sort: '-number',
    }),
  );
  return `SELECT coalesce(json_agg(json_build_object(
                   'id', j.id, 'name', concat_ws(' ', '#' || j.number, nullif(j.reference, '')))
                 ORDER BY j.number DESC), '[]'::json)
            FROM (${jobs.firstSql(ctx, query, { limit: 10, fields: ['number', 'reference'], params })}) j`;
}

/** The jobs section of GET /search (projects/search-sections.ts). */
export const jobsSearchSection = searchSection({ key: 'jobs', sql: searchJobsSql });
