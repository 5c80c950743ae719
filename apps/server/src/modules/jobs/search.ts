import type { SearchResult } from '@fieldwork/contract';
import type { OrganisationContext } from '../../platform/http/context';
import { parseListQuery } from '../../platform/list-query/parse';
import { reader } from '../../platform/resource-kit';
import { searchSection } from '../projects';
import { jobsResource } from './jobs.resource';

const jobs = reader(jobsResource);

/**
 * GET /search's jobs: those the caller sees (the kit's visibility: an operative finds only their
 * own) whose reference contains the term, or whose number it is ("42" or "#42"); newest first,
 * at most ten, each named "#number reference".
 */
export async function searchJobs(
  ctx: OrganisationContext,
  term: string,
): Promise<SearchResult['jobs']> {
  const number = /^#?(\d{1,9})$/.exec(term)?.[1];
  const query = parseListQuery(
    new URLSearchParams({
      [number ? 'filter[number]' : 'filter[search]']: number ?? term,
      sort: '-number',
    }),
  );
  const found = await jobs.first(ctx, query, 10);
  return found.map((job) => ({
    id: job.id,
    name: [`#${String(job.number)}`, job.reference].filter(Boolean).join(' '),
  }));
}

/** The jobs section of GET /search (projects/search-sections.ts). */
export const jobsSearchSection = searchSection({ key: 'jobs', search: searchJobs });
