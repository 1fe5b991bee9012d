import { useCallback, useMemo } from 'react';
import { type NavigateOptions, useLocation, useNavigate } from 'react-router';

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
