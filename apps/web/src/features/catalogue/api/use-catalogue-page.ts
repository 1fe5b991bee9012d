import type { ProductTypesResponse } from '@prata/domain';
import { useCallback, useEffect, useState } from 'react';
import { firstPaintData } from '@/lib/first-paint';
import { getProductTypes } from './product-types';

type CataloguePage = ProductTypesResponse['productTypes'];

/** The key of the catalogue's first page in the server's first paint of /comprar-prata (lib/first-paint.ts). */
const FIRST_PAINT_KEY = 'productTypes';

type State = { data?: CataloguePage; dataPage?: number; error?: unknown; loading: boolean };

function initialState(page: number): State {
  const painted = page === 1 ? firstPaintData<CataloguePage>(FIRST_PAINT_KEY) : undefined;
  return painted ? { data: painted, dataPage: 1, loading: false } : { loading: true };
}

/** The same page as the one shown (the painted page's data asked again a second later usually is). */
const samePage = (a: CataloguePage | undefined, b: CataloguePage) =>
  a !== undefined && JSON.stringify(a) === JSON.stringify(b);

/**
 * The catalogue's page for the landing, without react-query: the landing is every visitor's first page and its
 * first load has a budget (vite.config.ts). Page 1 starts from the server's first paint when there is one (then it
 * is asked again quietly: the page renders again only when the answer differs, so the first visit's main thread
 * does no work for an unchanged catalogue); the previous page stays on screen, dimmed, while another one loads.
 */
export function useCataloguePage(page: number) {
  const [state, setState] = useState<State>(() => initialState(page));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    void attempt;
    const controller = new AbortController();
    // the page on screen, without an error, is refreshed quietly: the state stays the same object
    const shown = (current: State) => current.dataPage === page && !current.loading && !current.error;
    setState((current) => (shown(current) ? current : { ...current, error: undefined, loading: true }));
    getProductTypes(page, controller.signal).then(
      (data) =>
        setState((current) =>
          shown(current) && samePage(current.data, data) ? current : { data, dataPage: page, loading: false },
        ),
      (error: unknown) => {
        if (!controller.signal.aborted) setState((current) => ({ ...current, error, loading: false }));
      },
    );
    return () => controller.abort();
  }, [page, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return {
    data: state.data,
    error: state.loading ? undefined : state.error,
    /** another page than the one shown is on its way */
    isFetching: state.loading && state.dataPage !== page,
    retry,
  };
}
