import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { REDUCED_MOTION_QUERY, reducedMotionTheme, theme } from './theme';

/**
 * Around every page: the theme (without motion when the system asks for reduced motion). The query client is not here: it comes with the pages that query (app/router.tsx,
 * app/query-layout.tsx), so that a visitor's first page does not download react-query.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const reduceMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  return (
    <ThemeProvider theme={reduceMotion ? reducedMotionTheme : theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
