import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { attachQueryCache } from './session';

/** 4xx answers are final (a retry would get the same answer); network and 5xx failures are retried once. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** The app's one cache; the session (lib/session.ts) reaches it from code that does not import react-query. */
export const queryClient = createQueryClient();
attachQueryCache(queryClient);
