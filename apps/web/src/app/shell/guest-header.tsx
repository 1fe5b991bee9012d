import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { RouterLink } from '@/components/router-link';
import { Logo } from '@/components/logo';
import { useSiteLinks } from '@/config/site';
import { takePaintedAction } from '@/lib/first-paint';
import type { NavLinkItem } from './guest-menu';

// The phone menu (Menu, Popover, Modal) is fetched on the first tap, not with the first page.
const GuestMenu = lazy(() => import('./guest-menu').then((m) => ({ default: m.GuestMenu })));

/** The catalogue, and the jewelry and refining sites when their addresses are set (docs/configuration.md). */
function useGuestLinks(): readonly NavLinkItem[] {
  const { jewelry, refining } = useSiteLinks();
  return [
    { label: 'Prata física', to: '/comprar-prata' },
    ...(jewelry ? [{ label: 'Joias', href: jewelry }] : []),
    ...(refining ? [{ label: 'Refino e análise', href: refining }] : []),
  ];
}

function linkProps(item: NavLinkItem) {
  return item.to
    ? { component: RouterLink, to: item.to }
    : { component: 'a' as const, href: item.href, target: '_blank', rel: 'noopener' };
}

/** The header for visitors (spec 1 §1): catalogue, jewelry, refining, sign in, create account. */
export function GuestHeader() {
  const links = useGuestLinks();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const close = () => setAnchor(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  // the visitor tapped the painted page's menu button, which booted the app (lib/first-paint.ts): open it now, from
  // the real button, which takes the focus (the menu gives it back there when it closes)
  useEffect(() => {
    const button = menuButton.current;
    if (button && takePaintedAction('menu')) {
      button.focus();
      setMenuLoaded(true);
      setAnchor(button);
    }
  }, []);
  return (
    <AppBar position="sticky" color="inherit" sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Container>
        <Toolbar disableGutters sx={{ gap: 1 }}>
          <Logo />
          <Box component="nav" aria-label="Principal" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 3 }}>
            {links.map((item) => (
              <Button key={item.label} color="inherit" {...linkProps(item)}>
                {item.label}
              </Button>
            ))}
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 1 }}>
            <Button component={RouterLink} to="/login" color="primary">
              Entrar
            </Button>
            <Button component={RouterLink} to="/register" variant="contained" color="primary">
              Criar conta
            </Button>
          </Box>
          <Box sx={{ display: { xs: 'flex', md: 'none' }, gap: 1, alignItems: 'center' }}>
            <Button component={RouterLink} to="/login" size="small">
              Entrar
            </Button>
            <IconButton
              ref={menuButton}
              // on the server's painted page, the control that boots the app (lib/first-paint.ts)
              data-prata-action="menu"
              aria-label="Abrir menu"
              aria-controls={anchor ? 'guest-menu' : undefined}
              aria-haspopup="true"
              aria-expanded={anchor ? 'true' : undefined}
              onClick={(event) => {
                setMenuLoaded(true);
                setAnchor(event.currentTarget);
              }}
            >
              <MenuIcon />
            </IconButton>
          </Box>
          {menuLoaded && (
            <Suspense fallback={null}>
              <GuestMenu anchor={anchor} links={links} onClose={close} />
            </Suspense>
          )}
        </Toolbar>
      </Container>
    </AppBar>
  );
}
