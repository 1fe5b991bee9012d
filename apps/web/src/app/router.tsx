import { type ComponentType, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './root-layout';
import { AppShell } from './shell/app-shell';

/** A page in its own chunk; its module exports the page as `Component`. */
function lazyPage(load: () => Promise<{ Component: ComponentType }>) {
  return lazy(() => load().then((m) => ({ default: m.Component })));
}

const loadLandingPage = () => import('@/features/catalogue/pages/landing-page');
const LazyLandingPage = lazyPage(loadLandingPage);
/** The landing's page once preloadPaintedPage has it: rendered at once, without suspending. */
let landingPage: ComponentType | undefined;

function LandingPage() {
  const Page = landingPage ?? LazyLandingPage;
  return <Page />;
}

/**
 * The pages the server paints first (apps/server/src/plugins/first-paint.ts), by path: main.tsx loads the page's
 * chunk before React's first render, so that the painted page stays on screen until React's page replaces it. A
 * first render that suspended on the page's chunk would commit RootLayout's loading bar over the painted page (a
 * new Suspense boundary shows its fallback even in a transition): a blank screen for as long as the chunk takes.
 */
const PAINTED_PAGES: Record<string, () => Promise<void>> = {
  '/comprar-prata': () =>
    loadLandingPage().then((m) => {
      landingPage = m.Component;
    }),
};

/** Loads the chunk of a page the server painted (nothing for other paths); never rejects. */
export function preloadPaintedPage(pathname: string): Promise<void> {
  return (PAINTED_PAGES[pathname]?.() ?? Promise.resolve()).catch(() => undefined);
}
const LoginPage = lazyPage(() => import('@/features/auth/pages/login-page'));
// Every other page (the checkout, registration, the signed-in customer's): their route table in a chunk of its own
// (app/more-routes.tsx), like the back office's, so that the first loads of the landing and the sign-in page carry
// neither the table nor its pages' preload lists (docs/performance.md).
const MoreRoutes = lazyPage(() => import('./more-routes'));
const AdminRoutes = lazyPage(() => import('./admin/admin-routes'));
const QueryLayout = lazy(() => import('./query-layout'));

/**
 * Every screen is its own chunk (React.lazy), so a page downloads only what it shows; RootLayout's Suspense shows
 * the loading bar while the first one arrives, and later navigations (transitions) keep the current page until the
 * next is ready. Pages that query sit under QueryLayout, which brings react-query: the landing and the sign-in page
 * do without it. The back office has its own frame and its own guard; the rest lives inside the app shell.
 * Declarative routes rather than a data router (createBrowserRouter): nothing here loads data through the router,
 * and declarative mode is 19 KB gzip lighter on every first load (docs/performance.md).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<AppShell />}>
          <Route index element={<Navigate to="/comprar-prata" replace />} />
          <Route path="comprar-prata" element={<LandingPage />} />
          <Route path="login" element={<LoginPage />} />
          {/* every other path: app/more-routes.tsx (public pages, the signed-in customer's behind RequireAuth, 404) */}
          <Route path="*" element={<MoreRoutes />} />
        </Route>
        <Route path="admin" element={<RequireAuth />}>
          <Route element={<QueryLayout />}>
            {/* the back office's own route table, in its chunk (app/admin/admin-routes.tsx) */}
            <Route index element={<AdminRoutes />} />
            <Route path="*" element={<AdminRoutes />} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
