import Box from '@mui/material/Box';
import { RouterLink } from './router-link';

/** The Prata mark and word; a link home. */
export function Logo({ to = '/', inverted = false }: { to?: string; inverted?: boolean }) {
  return (
    <Box
      component={RouterLink}
      to={to}
      aria-label="Prata, página inicial"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color: inverted ? 'common.white' : 'primary.dark',
        textDecoration: 'none',
        fontWeight: 750,
        fontSize: '1.25rem',
        letterSpacing: '-0.02em',
      }}
    >
      <Box component="svg" viewBox="0 0 64 64" aria-hidden sx={{ width: 30, height: 30, flex: 'none' }}>
        <defs>
          <linearGradient id="prata-logo-g" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#ECEFF1" />
            <stop offset="1" stopColor="#90A4AE" />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="14" fill={inverted ? '#455A64' : '#263238'} />
        <path
          d="M22 48V16h13.5C43 16 48 20.5 48 27.5S43 39 35.5 39H29v9z M29 33h6c3.6 0 6-2 6-5.5S38.6 22 35 22h-6z"
          fill="url(#prata-logo-g)"
        />
      </Box>
      Prata
    </Box>
  );
}
