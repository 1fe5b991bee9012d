import { type ReactNode, startTransition, useLayoutEffect, useState } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';

/**
 * react-router's <BrowserRouter>, as it is written there: the browser's history, and each change of location
 * rendered in a transition (the current page stays until the next one's chunk is there). Ours because react-router
 * defines its own beside <Link>, <Form> and their data-router helpers, which a module cannot leave behind: about
 * 4 KB gzip on every first load (docs/performance.md). createBrowserHistory is the history BrowserRouter uses,
 * exported under UNSAFE_ (react-router is pinned to an exact version in package.json).
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ window, v5Compat: true }));
  const [state, setState] = useState(() => ({ action: history.action, location: history.location }));
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        startTransition(() => setState({ action, location }));
      }),
    [history],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
}
