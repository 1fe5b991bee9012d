import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { LoadingBar } from '@/components/loading-bar';
import { useLoadingState } from '@/lib/loading';
import { useNotice } from '@/lib/notify';
import { ScrollRestoration } from './scroll-restoration';

// Neither is needed before the first notice or the first call that shows progress, so a visitor's first page
// does not download them. Once mounted they stay mounted, so their closing transitions still run.
const GlobalSnackbar = lazy(() => import('./shell/global-snackbar').then((m) => ({ default: m.GlobalSnackbar })));
const LoadingDialog = lazy(() => import('./shell/loading-dialog').then((m) => ({ default: m.LoadingDialog })));

function useLatch(value: boolean): boolean {
  const [latched, setLatched] = useState(value);
  if (value && !latched) setLatched(true);
  return latched || value;
}

/**
 * Above every page: the global snackbar and loading dialog. The loading bar shows while the first page's chunk
 * downloads; the scroll position is placed once the page is there.
 */
export function RootLayout() {
  const snackbarNeeded = useLatch(useNotice() !== null);
  const loadingNeeded = useLatch(useLoadingState().open);
  return (
    <>
      <Suspense fallback={<LoadingBar />}>
        <Outlet />
        <ScrollRestoration />
      </Suspense>
      <Suspense fallback={null}>
        {snackbarNeeded && <GlobalSnackbar />}
        {loadingNeeded && <LoadingDialog />}
      </Suspense>
    </>
  );
}
