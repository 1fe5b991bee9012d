import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import Skeleton from '@mui/material/Skeleton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { NavLink } from '@/components/router-link';
import { type User, useLogout } from '@/lib/auth';
import { accountLinks } from './account-links';
import { DrawerBalances } from './drawer-balances';

export const DRAWER_WIDTH = 296;

function DrawerContent({ user, onNavigate }: { user: User | undefined; onNavigate: () => void }) {
  const logout = useLogout();
  const links = accountLinks(user);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar />
      <Box sx={{ px: 2.5, pt: 2, pb: 1.5 }}>
        <Typography variant="caption" color="text.secondary">
          Olá,
        </Typography>
        {/* wraps rather than cut: a long name, or text enlarged to 200 % (WCAG 1.4.4) */}
        <Typography sx={{ fontWeight: 650, overflowWrap: 'anywhere' }}>
          {user ? user.name : <Skeleton width={160} />}
        </Typography>
      </Box>
      <DrawerBalances user={user} />
      {links.length > 0 && (
        <Box
          component="nav"
          aria-label="Seções"
          // two tiles a row; one when enlarged text makes a tile wider than half the drawer (WCAG 1.4.4)
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 7.5rem), 1fr))',
            gap: 1,
            p: 2,
          }}
        >
          {links.map((link) => {
            const Icon = link.icon;
            return (
              <ButtonBase
                key={link.key}
                component={NavLink}
                to={link.to}
                onClick={onNavigate}
                sx={{
                  flexDirection: 'column',
                  alignItems: 'flex-start',
                  gap: 1,
                  p: 1.5,
                  borderRadius: 2,
                  border: 1,
                  borderColor: 'divider',
                  textAlign: 'left',
                  '&:hover': { bgcolor: 'action.hover' },
                  '&.active': { borderColor: 'primary.main', bgcolor: 'action.selected' },
                }}
              >
                <Icon fontSize="small" color="primary" />
                <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
                  {link.label}
                </Typography>
              </ButtonBase>
            );
          })}
        </Box>
      )}
      <Box sx={{ flexGrow: 1 }} />
      <Divider />
      <Box sx={{ p: 2 }}>
        <Button
          fullWidth
          color="inherit"
          startIcon={<LogoutOutlined />}
          onClick={() => {
            onNavigate();
            void logout();
          }}
          sx={{ justifyContent: 'flex-start' }}
        >
          Sair
        </Button>
      </Box>
    </Box>
  );
}

/** Temporary (swipe-in) on phones, permanent from md up. */
export function SideDrawer({
  user,
  mobileOpen,
  onClose,
}: {
  user: User | undefined;
  mobileOpen: boolean;
  onClose: () => void;
}) {
  const paperSx = { width: DRAWER_WIDTH, boxSizing: 'border-box' as const };
  return (
    <Box component="aside" aria-label="Menu da conta" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onClose}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': paperSx }}
      >
        <DrawerContent user={user} onNavigate={onClose} />
      </Drawer>
      <Drawer variant="permanent" open sx={{ display: { xs: 'none', md: 'block' }, '& .MuiDrawer-paper': paperSx }}>
        <DrawerContent user={user} onNavigate={() => {}} />
      </Drawer>
    </Box>
  );
}
