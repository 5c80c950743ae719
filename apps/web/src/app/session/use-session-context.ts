import { useQuery } from '@tanstack/react-query';
import { loadSessionContext } from './load-context';

export const SESSION_CONTEXT_QUERY_KEY = ['me', 'context'] as const;

/** Loads GET /me/context once per session; invalidate the key to reload it. */
export function useSessionContextQuery({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: SESSION_CONTEXT_QUERY_KEY,
    queryFn: loadSessionContext,
    enabled,
    staleTime: Infinity,
  });
}
