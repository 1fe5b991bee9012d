import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { theme } from './theme';

/**
 * Around every page: the theme (its transitions without motion when the system asks for reduced motion). The query
 * client is not here: it comes with the pages that query (app/router.tsx, app/query-layout.tsx), so that a visitor's
 * first page does not download react-query.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
