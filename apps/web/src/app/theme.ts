import { createTheme } from '@mui/material/styles';
import { ptBR } from '@mui/material/locale';

/**
 * Sober fintech: graphite primary (blue grey), one teal accent, quiet surfaces. Money is always set in tabular
 * numerals so columns of values line up.
 */
const FONT_STACK = [
  // @fontsource-variable/inter, imported once in main.tsx; 'Inter' where a system has it installed.
  '"Inter Variable"',
  'Inter',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/**
 * The keyboard focus ring (WCAG 2.4.7): a teal outline with a white gap, visible on the light pages and on the
 * graphite drawer and buttons alike. Only for keyboard focus (`:focus-visible`, MUI's .Mui-focusVisible).
 */
export const FOCUS_RING_COLOR = '#00796B';
const focusRing = (offset: number) => ({
  outline: `3px solid ${FOCUS_RING_COLOR}`,
  outlineOffset: `${offset}px`,
  boxShadow: offset > 0 ? `0 0 0 ${offset}px #FFFFFF` : undefined,
});

/** The system's wish for reduced motion; app/reduced-motion.css ends CSS animations under it. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export const theme = createTheme(
  {
    palette: {
      mode: 'light',
      primary: { main: '#37474F', light: '#62727B', dark: '#263238', contrastText: '#FFFFFF' },
      secondary: { main: '#00796B', light: '#48A999', dark: '#004C40', contrastText: '#FFFFFF' },
      // Status colours dark enough for text (4.5:1 on the paper and on the page's background): MUI's default warning
      // and info are 3.1:1 and 3.9:1 on white; its error barely passes on the grey page. theme.test.ts checks them.
      error: { main: '#C62828' },
      warning: { main: '#A35200' },
      info: { main: '#01579B' },
      success: { main: '#2E7D32' },
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
          // An element scrolled to by the keyboard's focus stops clear of the fixed top bar and of the snackbar at the
          // bottom (WCAG 2.4.7: a focused field is not hidden under them).
          // Only under a fixed top bar (signed in, back office): the guest header is sticky, and with the padding a
          // focus on its own menu button scrolled the page away from where the visitor was (first-visit journey).
          html: { scrollPaddingBottom: 96, '&:has(.MuiAppBar-positionFixed)': { scrollPaddingTop: 80 } },
          body: { WebkitFontSmoothing: 'antialiased' },
          '.tabular-nums': { fontVariantNumeric: 'tabular-nums' },
        },
      },
      // Buttons, icon buttons, tabs, menu and list items, chips, switches: all are ButtonBase.
      // `:focus-visible` too: the server's painted /comprar-prata has no script to set MUI's class until the app boots.
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible, &:focus-visible': focusRing(2) } } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTab: { styleOverrides: { root: { '&.Mui-focusVisible, &:focus-visible': focusRing(-3) } } },
      MuiTabs: {
        styleOverrides: {
          // Horizontal tabs wider than the screen: the arrows stay visible and the cut edge fades, so it is
          // evident there are more tabs to the side.
          scrollButtons: { color: '#37474F', '&.Mui-disabled': { opacity: 0.25 } },
          root: {
            '&:has(.MuiTabs-scrollButtons:first-child:not(.Mui-disabled)) .MuiTabs-scroller': {
              maskImage: 'linear-gradient(to right, transparent 0, #000 32px)',
            },
            '&:has(.MuiTabs-scrollButtons:last-child:not(.Mui-disabled)) .MuiTabs-scroller': {
              maskImage: 'linear-gradient(to left, transparent 0, #000 32px)',
            },
            '&:has(.MuiTabs-scrollButtons:first-child:not(.Mui-disabled)):has(.MuiTabs-scrollButtons:last-child:not(.Mui-disabled)) .MuiTabs-scroller':
              {
                maskImage:
                  'linear-gradient(to right, transparent 0, #000 32px, #000 calc(100% - 32px), transparent 100%)',
              },
          },
        },
      },
      // Text fields: a halo around the focused field, beside MUI's thicker border.
      MuiOutlinedInput: {
        styleOverrides: {
          root: {
            '&.Mui-focused': { boxShadow: `0 0 0 3px ${FOCUS_RING_COLOR}59` },
            '&.Mui-focused.Mui-error': { boxShadow: '0 0 0 3px rgba(198, 40, 40, 0.3)' },
          },
        },
      },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiPaper: { styleOverrides: { outlined: { borderColor: 'rgba(38, 50, 56, 0.12)' } } },
      MuiLink: {
        // underlined always: a link inside a sentence is told apart by more than its colour (WCAG 1.4.1)
        defaultProps: { underline: 'always', color: 'secondary' },
        styleOverrides: { root: { borderRadius: 2, '&:focus-visible, &.Mui-focusVisible': focusRing(2) } },
      },
      MuiDialogTitle: { styleOverrides: { root: { fontWeight: 650 } } },
    },
  },
  ptBR,
);

/** The theme when reduced motion is asked for: MUI's transitions (dialogs, menus, collapses) take no time either. */
export const reducedMotionTheme: typeof theme = {
  ...theme,
  transitions: {
    ...theme.transitions,
    create: () => 'none',
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
};

/** Whether the system asks for reduced motion now (read on each render of the providers; the CSS rule follows live). */
export const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.(REDUCED_MOTION_QUERY).matches === true;
