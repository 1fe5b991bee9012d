import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingBar } from '@/components/loading-bar';
import { mainFocusSx, mainProps, SkipLink } from '@/components/skip-link';
import { ChatLauncher } from '@/features/chat/index';
import { useAuthToken } from '@/lib/auth-storage';
import { Footer } from './footer';
import { GuestHeader } from './guest-header';

const LoggedInLayout = lazy(() => import('./logged-in-layout'));

function GuestLayout() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <GuestHeader />
      <Box component="main" {...mainProps} sx={{ flexGrow: 1, ...mainFocusSx }}>
        <Outlet />
      </Box>
      <Footer />
    </Box>
  );
}

/**
 * Pages that keep the guest frame even with a token: a sign-in stores the token at once but moves on in a transition
 * (app/browser-router.tsx), so for as long as the next page's chunk takes, /login would otherwise be drawn inside the
 * signed-in frame, whose drawer asks for a customer's balances and prices (an operator on the way to /admin too).
 */
const GUEST_FRAME_PATHS = new Set(['/login']);

/**
 * The frame around every page but the back office: the guest header for visitors, the signed-in frame when a
 * token exists. The signed-in frame is a separate chunk, so a visitor never downloads it. Auro's help button sits
 * over both (features/chat), loaded after the page.
 */
export function AppShell() {
  const token = useAuthToken();
  const { pathname } = useLocation();
  return (
    <>
      {token && !GUEST_FRAME_PATHS.has(pathname) ? (
        <Suspense fallback={<LoadingBar />}>
          <LoggedInLayout />
        </Suspense>
      ) : (
        <GuestLayout />
      )}
      <ChatLauncher />
    </>
  );
}
