import { createTheme } from '@mui/material/styles';
import { ptBR } from '@mui/material/locale';

/**
 * Sober fintech: graphite primary (blue grey), one teal accent, quiet surfaces. Money is always set in tabular
 * numerals so columns of values line up.
 */
const FONT_STACK = [
  'Inter',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

export const theme = createTheme(
  {
    palette: {
      mode: 'light',
      primary: { main: '#37474F', light: '#62727B', dark: '#263238', contrastText: '#FFFFFF' },
      secondary: { main: '#00796B', light: '#48A999', dark: '#004C40', contrastText: '#FFFFFF' },
      background: { default: '#F4F6F7', paper: '#FFFFFF' },
      text: { primary: '#1F2A30', secondary: '#55636B' },
      divider: 'rgba(38, 50, 56, 0.12)',
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: FONT_STACK,
      h1: { fontSize: '2.25rem', fontWeight: 700, letterSpacing: '-0.02em', lineHeight: 1.15 },
      h2: { fontSize: '1.75rem', fontWeight: 700, letterSpacing: '-0.015em' },
      h3: { fontSize: '1.375rem', fontWeight: 650 },
      h4: { fontSize: '1.25rem', fontWeight: 650 },
      h5: { fontSize: '1.125rem', fontWeight: 600 },
      h6: { fontSize: '1rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          body: { WebkitFontSmoothing: 'antialiased' },
          '.tabular-nums': { fontVariantNumeric: 'tabular-nums' },
        },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiPaper: { styleOverrides: { outlined: { borderColor: 'rgba(38, 50, 56, 0.12)' } } },
      MuiLink: { defaultProps: { underline: 'hover', color: 'secondary' } },
      MuiDialogTitle: { styleOverrides: { root: { fontWeight: 650 } } },
    },
  },
  ptBR,
);
