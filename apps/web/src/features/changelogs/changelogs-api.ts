import { CHANGELOG_PAGE_SIZE } from '@fieldwork/contract';
import type { Changelog } from '@fieldwork/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resourceApi } from '../../api/resource';

/** The changelog calls (core client) of platform §7 and docs/organisation-setup.md. */
const changelogsApi = resourceApi<Changelog, never>('changelogs', { client: 'core' });

const CHANGELOGS_KEY = ['changelogs'] as const;
const UNVIEWED_KEY = [...CHANGELOGS_KEY, 'unviewed-count'] as const;

/** The unviewed count is asked for again at most this often while the app is open. */
const UNVIEWED_REFRESH_MS = 5 * 60 * 1000;

/** GET /changelogs/unviewed_count → {count}. */
export function useUnviewedChangelogCount() {
  return useQuery({
    queryKey: UNVIEWED_KEY,
    queryFn: async () => (await changelogsApi.overview<{ count: number }>('unviewed_count')).count,
    staleTime: UNVIEWED_REFRESH_MS,
    refetchInterval: UNVIEWED_REFRESH_MS,
  });
}

/** GET /changelogs: the published entries, newest first, a page at a time ("Show older"). */
export function useChangelogList() {
  return useInfiniteQuery({
    queryKey: [...CHANGELOGS_KEY, 'list'],
    queryFn: ({ pageParam }) =>
      changelogsApi.list({
        filter: { status: 'PUBLISHED' },
        expand: ['viewed'],
        page: { number: pageParam, size: CHANGELOG_PAGE_SIZE },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
  });
}

/** GET /changelogs/{id} with its rendered content. */
export function useChangelog(id: string) {
  return useQuery({
    queryKey: [...CHANGELOGS_KEY, 'detail', id],
    queryFn: () => changelogsApi.get(id, { expand: ['viewed', 'content_html'] }),
  });
}

function useInvalidatingChangelogs<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHANGELOGS_KEY }),
  });
}

/** PUT /changelogs/{id}/mark_as_viewed; the count and the list are asked for again. */
export const useMarkChangelogViewed = () =>
  useInvalidatingChangelogs((id: string) =>
    changelogsApi.act(id, 'mark_as_viewed', undefined, { method: 'put' }),
  );

/** PUT /changelogs/mark_all_as_viewed */
export const useMarkAllChangelogsViewed = () =>
  useInvalidatingChangelogs(() =>
    changelogsApi.actOn<{ marked: number }>('mark_all_as_viewed', undefined, { method: 'put' }),
  );

/** Whether the user has seen an entry (expand[]=viewed, else the time they last viewed it). */
export const isViewed = (changelog: Changelog) =>
  changelog.viewed ?? changelog.last_viewed_at_by_user !== null;
