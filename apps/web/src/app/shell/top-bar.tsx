import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Toolbar from '@mui/material/Toolbar';
import { useState } from 'react';
import { RouterLink } from '@/components/router-link';
import { Logo } from '@/components/logo';
import { type User, useLogout } from '@/lib/auth';
import { accountMenuLabel, firstName, initials } from './account-links';
import { BalanceButton } from './balance-button';
import { sectionByKey } from './sections';

export function TopBar({ user, onMenuClick }: { user: User | undefined; onMenuClick: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const logout = useLogout();
  const close = () => setAnchor(null);
  const profile = sectionByKey('meus-dados');
  const history = sectionByKey('meu-historico');

  return (
    <AppBar
      position="fixed"
      color="inherit"
      sx={{ borderBottom: 1, borderColor: 'divider', zIndex: (theme) => theme.zIndex.drawer + 1 }}
    >
      <Toolbar sx={{ gap: 1 }}>
        <IconButton edge="start" aria-label="Abrir menu" onClick={onMenuClick} sx={{ display: { md: 'none' } }}>
          <MenuIcon />
        </IconButton>
        <Logo />
        <Box sx={{ flexGrow: 1 }} />
        {user && <BalanceButton user={user} />}
        {user ? (
          <Button
            color="inherit"
            onClick={(event) => setAnchor(event.currentTarget)}
            aria-controls={anchor ? 'user-menu' : undefined}
            aria-haspopup="true"
            aria-expanded={anchor ? 'true' : undefined}
            aria-label={accountMenuLabel(user.name)}
            sx={{ gap: 1, pl: 0.5, pr: { xs: 0.5, sm: 1.5 }, minWidth: 0 }}
          >
            {/* in rem: the initials grow with the text size and stay inside their circle */}
            <Avatar
              sx={{ width: '2rem', height: '2rem', bgcolor: 'primary.main', fontSize: '0.8125rem', fontWeight: 600 }}
            >
              {initials(user.name)}
            </Avatar>
            {/* a space between the initials and the first name, as text tools read them (the flex box ignores it) */}{' '}
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {firstName(user.name)}
            </Box>
          </Button>
        ) : (
          <Skeleton variant="circular" width={32} height={32} />
        )}
        <Menu id="user-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
          {profile?.enabled && (
            <MenuItem component={RouterLink} to={profile.to} onClick={close}>
              Meus dados
            </MenuItem>
          )}
          {history?.enabled && (
            <MenuItem component={RouterLink} to={history.to} onClick={close}>
              Meu histórico
            </MenuItem>
          )}
          {user && !user.registration_complete && (
            <MenuItem component={RouterLink} to="/register/finish" onClick={close}>
              Concluir cadastro
            </MenuItem>
          )}
          {(profile?.enabled || history?.enabled || (user && !user.registration_complete)) && <Divider />}
          <MenuItem
            onClick={() => {
              close();
              void logout();
            }}
          >
            <ListItemIcon>
              <LogoutOutlined fontSize="small" />
            </ListItemIcon>
            Sair
          </MenuItem>
        </Menu>
      </Toolbar>
    </AppBar>
  );
}
