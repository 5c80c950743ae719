import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/errors';

/** Retries only what may pass on a second try: network failures and server errors. */
export function isTransientFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500;
  return error instanceof TypeError && /fetch|network/i.test(error.message);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 2 && isTransientFailure(error),
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
