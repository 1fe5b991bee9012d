// The theme's typeface, shipped with the app (latin and latin-ext subsets load on demand, by unicode-range).
import '@fontsource-variable/inter';
import './app/forced-colors.css';
import './app/reduced-motion.css';
import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { type NavigateFunction, useNavigate } from 'react-router';
import { BrowserRouter } from './app/browser-router';
import { AppProviders } from './app/provider';
import { RouteErrorBoundary } from './app/route-error';
import { AppRoutes, preloadPaintedPage } from './app/router';
import { setUnauthorizedHandler } from './lib/api';
import { keepScrollOnNextNavigation } from './lib/scroll';
import { forgetCachedUser } from './lib/session';

/** The router's navigate, for the 401 rule below, which runs outside React. */
let navigate: NavigateFunction | null = null;

function NavigateHandle() {
  const current = useNavigate();
  useLayoutEffect(() => {
    navigate = current;
  });
  return null;
}

// A 401 anywhere (spec 1 §4.3): the client already removed the token; forget the user and go to /login,
// unless the person is already there.
setUnauthorizedHandler(() => {
  forgetCachedUser();
  if (window.location.pathname !== '/login') void navigate?.('/login', { replace: true });
});

const container = document.getElementById('root');
if (!container) throw new Error('#root not found');

const app = (
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <NavigateHandle />
        <RouteErrorBoundary>
          <AppRoutes />
        </RouteErrorBoundary>
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

const root = createRoot(container);
// A page the server painted first (apps/server/src/plugins/first-paint.ts, drawn by these components: src/ssr/) stays
// on screen until React's page is ready: its chunk is loaded before the first render (app/router.tsx), and that render
// is a transition, so nothing (no loading fallback) is committed over the painted HTML before the page itself. React
// replaces the painted page rather than hydrating it: a signed-in customer's first render differs from the visitor's
// page (balances), and a visitor's app boots only when they use the page, after it may have changed under them.
if (document.getElementById('prata-first-paint')) {
  // the same page: it stays where the visitor scrolled it (a visitor's app boots when they use the page)
  keepScrollOnNextNavigation();
  void preloadPaintedPage(window.location.pathname).then(() => startTransition(() => root.render(app)));
} else root.render(app);
