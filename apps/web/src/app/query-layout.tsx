import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '@/lib/query-client';

/**
 * The query client for the pages below it (app/router.tsx): a chunk of its own with react-query, loaded with the
 * first page that queries. The sign-in page and the landing are outside it.
 */
export default function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
