// The theme's typeface, shipped with the app (latin and latin-ext subsets load on demand, by unicode-range).
import '@fontsource-variable/inter';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/provider';
import { createAppRouter } from './app/router';
import { setUnauthorizedHandler } from './lib/api';
import { USER_QUERY_KEY } from './lib/auth';
import { queryClient } from './lib/query-client';

const router = createAppRouter();

// A 401 anywhere (spec 1 §4.3): the client already removed the token; forget the user and go to /login,
// unless the person is already there.
setUnauthorizedHandler(() => {
  queryClient.removeQueries({ queryKey: USER_QUERY_KEY });
  if (router.state.location.pathname !== '/login') void router.navigate('/login', { replace: true });
});

const container = document.getElementById('root');
if (!container) throw new Error('#root not found');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
