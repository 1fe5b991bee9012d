import ArrowBack from '@mui/icons-material/ArrowBack';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@prata/domain';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { NavLink, RouterLink } from '@/components/router-link';
import { Logo } from '@/components/logo';
import { CenteredSpinner, useDocumentTitle } from '@/components/page';
import { mainFocusSx, mainProps, SkipLink } from '@/components/skip-link';
import { firstError, hasErrorCode } from '@/lib/api';
import { useLogout, useUser } from '@/lib/auth';
import { useAdminAccess } from '@/features/passkeys/index';
import { ReservesShortfallBanner } from '@/features/reserves/admin/index';
import { SessionTimeoutDialog } from '../shell/session-timeout-dialog';
import { ADMIN_NAV } from './admin-nav';

const NAV_WIDTH = 260;

function AdminNav({ onNavigate }: { onNavigate: () => void }) {
  return (
    <Box sx={{ width: NAV_WIDTH }}>
      <Toolbar />
      <List component="nav" aria-label="Back office">
        {ADMIN_NAV.map(({ label, to, icon: Icon }) => (
          <ListItemButton
            key={to}
            component={NavLink}
            to={to}
            onClick={onNavigate}
            sx={{ mx: 1, borderRadius: 2, '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
          >
            <ListItemIcon>
              <Icon />
            </ListItemIcon>
            <ListItemText primary={label} />
          </ListItemButton>
        ))}
      </List>
    </Box>
  );
}

function Forbidden({ message, passkey = false }: { message: string; passkey?: boolean }) {
  useDocumentTitle('Back office');
  return (
    <Container sx={{ py: 10 }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography variant="h2" component="h1">
          Back office
        </Typography>
        <Typography role="alert">{message}</Typography>
        {passkey ? (
          <Button component={RouterLink} to="/meus-dados/acesso-e-dispositivos" variant="contained">
            Criar chave de acesso
          </Button>
        ) : (
          <Button component={RouterLink} to="/" variant="contained">
            Voltar ao Prata
          </Button>
        )}
      </Stack>
    </Container>
  );
}

/** The back office frame: only for staff (user.staff_roles not empty); its own top bar and navigation. */
export function AdminLayout() {
  const { user, isPending, isError, error } = useUser();
  const logout = useLogout();
  const [navOpen, setNavOpen] = useState(false);
  const staff = Boolean(user && user.staff_roles.length > 0);
  // PASSKEYS_REQUIRED_FOR_OPERATORS: an operator without a passkey registers one before the back office opens
  const access = useAdminAccess(staff);

  if (isPending || (staff && access.isPending)) return <CenteredSpinner />;
  if (isError) return <Forbidden message={firstError(error)} />;
  if (!user || !staff) return <Forbidden message={MESSAGES.forbiddenRole} />;
  if (hasErrorCode(access.error, 'OPERATOR_PASSKEY_REQUIRED'))
    return <Forbidden message={firstError(access.error)} passkey />;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink />
      <AppBar position="fixed" color="primary" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Abrir navegação"
            onClick={() => setNavOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Logo to="/admin" inverted />
          <Chip label="Back office" size="small" sx={{ bgcolor: 'rgba(255,255,255,0.16)', color: 'common.white' }} />
          <Box sx={{ flexGrow: 1 }} />
          <Button
            color="inherit"
            component={RouterLink}
            to="/"
            startIcon={<ArrowBack />}
            sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
          >
            Voltar ao Prata
          </Button>
          <IconButton color="inherit" aria-label="Sair" onClick={() => void logout()}>
            <LogoutOutlined />
          </IconButton>
        </Toolbar>
      </AppBar>
      <Box component="aside" sx={{ width: { md: NAV_WIDTH }, flexShrink: { md: 0 } }}>
        <Drawer
          variant="temporary"
          open={navOpen}
          onClose={() => setNavOpen(false)}
          sx={{ display: { xs: 'block', md: 'none' } }}
        >
          <AdminNav onNavigate={() => setNavOpen(false)} />
        </Drawer>
        <Drawer variant="permanent" open sx={{ display: { xs: 'none', md: 'block' } }}>
          <AdminNav onNavigate={() => {}} />
        </Drawer>
      </Box>
      <Box component="main" {...mainProps} sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 }, ...mainFocusSx }}>
        <Toolbar />
        {/* the vault below what is owed: shown on every back-office page to whoever can read the reserves */}
        <ReservesShortfallBanner
          enabled={user.staff_roles.some((r) => ['admin', 'logistics', 'finance', 'compliance'].includes(r))}
        />
        <Outlet />
      </Box>
      <SessionTimeoutDialog />
    </Box>
  );
}

export const Component = AdminLayout;
