import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { theme } from '@/app/theme';

/** A URL's parts as a history entry holds them. */
function entryOf(url: string) {
  const { pathname, search, hash } = new URL(url, 'http://localhost');
  return { pathname, search, hash };
}

/** Renders `element` at `path` inside a memory router, a fresh query client and the theme. */
export function renderRoute(
  element: ReactElement,
  {
    path = '/',
    url = path,
    state,
  }: {
    path?: string;
    url?: string;
    /** the history entry's state, as a `navigate(url, { state })` leaves it */
    state?: unknown;
  } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p>outra página</p> },
    ],
    { initialEntries: [state === undefined ? url : { ...entryOf(url), state }] },
  );
  const view = render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...view, router, queryClient };
}

/** A fetch Response with a JSON body. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The API a screen test answers: 'METHOD /api/path?query' (or 'METHOD /api/path', for any query) → its answer. */
export type RouteTable = Record<string, (init?: RequestInit) => Response>;
type FetchMock = { mockImplementation(fn: typeof fetch): unknown; mock: { calls: Parameters<typeof fetch>[] } };
const callKey = (input: Parameters<typeof fetch>[0], init?: RequestInit) => `${init?.method ?? 'GET'} ${String(input)}`;

/** Makes `fetchMock` answer from `routes`; anything else is a 404 ROUTE_NOT_FOUND naming the call. */
export function answerFrom(fetchMock: FetchMock, routes: RouteTable): void {
  fetchMock.mockImplementation(async (input, init) => {
    const key = callKey(input, init);
    const route = routes[key] ?? routes[key.split('?')[0]!];
    return route ? route(init) : jsonResponse(404, { code: 'ROUTE_NOT_FOUND', message: `sem rota ${key}` });
  });
}

/** The calls `fetchMock` got for 'METHOD /api/path?query', with their bodies. */
export function callsTo(fetchMock: FetchMock, key: string) {
  return fetchMock.mock.calls.filter(([input, init]) => callKey(input, init) === key);
}
