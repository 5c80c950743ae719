import type { SearchResult } from '@fieldwork/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { resourceApi } from '../../api/resource';
import { resourceQueryKey } from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';
import { searchTerm } from './search-results';

export const SEARCH_DEBOUNCE_MS = 200;

const searchApi = resourceApi<never, never>('search');

/** GET /search?term=: at most 10 clients, projects, jobs and job sheets. */
export function search(term: string, signal?: AbortSignal): Promise<SearchResult> {
  return searchApi.overview<SearchResult>(undefined, `term=${encodeURIComponent(term)}`, signal);
}

/**
 * Search as you type: the input settles for 200 ms, needs two characters, and a newer term
 * cancels the request of an older one (the query's abort signal goes to fetch). The previous
 * answer stays shown while the next one loads.
 */
export function useGlobalSearch(input: string) {
  const { organisationId } = useSession();
  const [debouncedInput] = useDebouncedValue(input, SEARCH_DEBOUNCE_MS);
  const term = searchTerm(debouncedInput);
  const query = useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'search'), term],
    queryFn: ({ signal }) => search(term ?? '', signal),
    enabled: term !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const active = searchTerm(input) !== null && term !== null;
  return {
    /** The term of the answer shown (null while the input is too short). */
    term: active ? term : null,
    result: active ? query.data : undefined,
    isFetching: active && (query.isFetching || debouncedInput !== input),
    error: active && query.isError ? query.error : null,
  };
}
