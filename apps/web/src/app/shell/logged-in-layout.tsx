import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { mainFocusSx, mainProps, SkipLink } from '@/components/skip-link';
import { useUser } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { registerAfterLoad } from '@/lib/service-worker';
import { Footer } from './footer';
import { SessionTimeoutDialog } from './session-timeout-dialog';
import { DRAWER_WIDTH, SideDrawer } from './side-drawer';
import { TopBar } from './top-bar';
import { UnverifiedEmailDialog } from './unverified-email-dialog';

/**
 * The signed-in frame: top bar, drawer (balances, sections, logout), page, footer. Loaded on demand, with the query
 * client (a signed-in page opened from the sign-in page has none above it).
 */
export default function LoggedInLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Frame />
    </QueryClientProvider>
  );
}

function Frame() {
  const { user } = useUser();
  const [mobileOpen, setMobileOpen] = useState(false);
  // the service worker (installable app, price alerts' notifications), in this frame's chunk: no first load carries it
  useEffect(registerAfterLoad, []);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <TopBar user={user} onMenuClick={() => setMobileOpen(true)} />
      <SideDrawer user={user} mobileOpen={mobileOpen} onClose={() => setMobileOpen(false)} />
      <Box
        sx={{
          flexGrow: 1,
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          width: { md: `calc(100% - ${DRAWER_WIDTH}px)` },
        }}
      >
        <Toolbar />
        <Box component="main" {...mainProps} sx={{ flexGrow: 1, ...mainFocusSx }}>
          <Outlet />
        </Box>
        <Footer contactTo="/contato" />
      </Box>
      <UnverifiedEmailDialog user={user} />
      <SessionTimeoutDialog />
    </Box>
  );
}
