import { CHANGELOG_PAGE_SIZE } from '@fieldwork/contract';
import type { Changelog, ChangelogList } from '@fieldwork/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/request';

/** The changelog calls (core client) of platform §7 and docs/organisation-setup.md. */

const CHANGELOGS_KEY = ['changelogs'] as const;
const UNVIEWED_KEY = [...CHANGELOGS_KEY, 'unviewed-count'] as const;

/** The unviewed count is asked for again at most this often while the app is open. */
const UNVIEWED_REFRESH_MS = 5 * 60 * 1000;

/** GET /changelogs/unviewed_count → {count}. */
export function useUnviewedChangelogCount() {
  return useQuery({
    queryKey: UNVIEWED_KEY,
    queryFn: async () =>
      (
        await request<{ count: number }>({
          method: 'get',
          url: '/changelogs/unviewed_count',
          client: 'core',
        })
      ).count,
    staleTime: UNVIEWED_REFRESH_MS,
    refetchInterval: UNVIEWED_REFRESH_MS,
  });
}

/** GET /changelogs: the published entries, newest first, a page at a time ("Show older"). */
export function useChangelogList() {
  return useInfiniteQuery({
    queryKey: [...CHANGELOGS_KEY, 'list'],
    queryFn: ({ pageParam }) =>
      request<ChangelogList>({
        method: 'get',
        url: '/changelogs',
        client: 'core',
        query: {
          filter: { status: 'PUBLISHED' },
          expand: ['viewed'],
          page: { number: pageParam, size: CHANGELOG_PAGE_SIZE },
        },
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
    queryFn: async () =>
      (
        await request<{ data: Changelog }>({
          method: 'get',
          url: `/changelogs/${encodeURIComponent(id)}`,
          client: 'core',
          query: { expand: ['viewed', 'content_html'] },
        })
      ).data,
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
    request<{ data: Changelog }>({
      method: 'put',
      url: `/changelogs/${encodeURIComponent(id)}/mark_as_viewed`,
      client: 'core',
    }),
  );

/** PUT /changelogs/mark_all_as_viewed */
export const useMarkAllChangelogsViewed = () =>
  useInvalidatingChangelogs(() =>
    request<{ marked: number }>({
      method: 'put',
      url: '/changelogs/mark_all_as_viewed',
      client: 'core',
    }),
  );

/** Whether the user has seen an entry (expand[]=viewed, else the time they last viewed it). */
export const isViewed = (changelog: Changelog) =>
  changelog.viewed ?? changelog.last_viewed_at_by_user !== null;
