import { useCallback, useMemo } from 'react';
import { type NavigateOptions, useLocation, useNavigate } from 'react-router';
import { keepScrollOnNextNavigation } from './scroll';

type SearchInit = URLSearchParams | Record<string, string> | string;

/**
 * react-router's useSearchParams, the part this app uses: the query string of the location, and a setter that
 * navigates to `?<new query>` (a function receives a copy of the current one). Ours because react-router's lives in
 * its DOM module, with <Link> and <Form>, which would then be on every first load (docs/performance.md).
 */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      navigate(`?${new URLSearchParams(value)}`, options);
    },
    [navigate, params],
  );
  return [params, setParams];
}

/**
 * A dialog opened from a row of a list, named by the address (`?<name>=<value>`) rather than by the row's state: a list
 * that becomes a table when a phone is turned (MUI's breakpoint) remounts its rows, and a row's own state closed the
 * dialog in the person's hands; a reload finds it open too. Opening and closing replace the entry: Back leaves the
 * page, as before.
 */
export function useDialogParam(name: string, value: string) {
  const [params, setParams] = useSearchParams();
  const set = (open: boolean) => {
    keepScrollOnNextNavigation();
    setParams(
      (current) => {
        if (open) current.set(name, value);
        else current.delete(name);
        return current;
      },
      { replace: true },
    );
  };
  return { open: params.get(name) === value, show: () => set(true), close: () => set(false) };
}
