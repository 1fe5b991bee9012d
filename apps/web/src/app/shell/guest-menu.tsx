import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { RouterLink } from '@/components/router-link';

export type NavLinkItem = { label: string; to?: string; href?: string };

/** The guest header's links on phones. */
export function GuestMenu({
  anchor,
  links,
  onClose,
}: {
  anchor: HTMLElement | null;
  links: readonly NavLinkItem[];
  onClose: () => void;
}) {
  return (
    <Menu id="guest-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {links.map((item) =>
        item.to ? (
          <MenuItem key={item.label} component={RouterLink} to={item.to} onClick={onClose}>
            {item.label}
          </MenuItem>
        ) : (
          <MenuItem key={item.label} component="a" href={item.href} target="_blank" rel="noopener" onClick={onClose}>
            {item.label}
          </MenuItem>
        ),
      )}
      <MenuItem component={RouterLink} to="/login" onClick={onClose}>
        Entrar
      </MenuItem>
      <MenuItem component={RouterLink} to="/register" onClick={onClose} sx={{ fontWeight: 600 }}>
        Criar conta
      </MenuItem>
    </Menu>
  );
}
