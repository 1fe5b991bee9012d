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

/**
 * `prefers-reduced-motion: reduce` (WCAG 2.3.3, 2.2.2): every CSS animation and transition ends at once (skeleton
 * pulses, spinners, the loading bar, the chat's typing dots, dialogs fading) and scrolling jumps instead of gliding.
 * 0.01 ms rather than none, so `animationend` and `transitionend` still fire for whoever waits for them.
 */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
const REDUCED_MOTION_BASELINE = {
  [`@media ${REDUCED_MOTION_QUERY}`]: {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      animationDelay: '0s !important',
      transitionDuration: '0.01ms !important',
      transitionDelay: '0s !important',
      scrollBehavior: 'auto !important',
    },
  },
};

export const theme = createTheme(
  {
    palette: {
      mode: 'light',
      primary: { main: '#37474F', light: '#62727B', dark: '#263238', contrastText: '#FFFFFF' },
      secondary: { main: '#00796B', light: '#48A999', dark: '#004C40', contrastText: '#FFFFFF' },
      // Status colours dark enough for text (4.5:1 on the paper and on the page's background): MUI's default warning
      // and info are 3.1:1 and 3.9:1 on white; its error barely passes on the grey page. theme.test.ts checks them.
      error: { main: '#C62828', light: '#EF5350', dark: '#8E0000', contrastText: '#FFFFFF' },
      warning: { main: '#A35200', light: '#FF9800', dark: '#6D3700', contrastText: '#FFFFFF' },
      info: { main: '#01579B', light: '#03A9F4', dark: '#002F6C', contrastText: '#FFFFFF' },
      success: { main: '#2E7D32', light: '#4CAF50', dark: '#1B5E20', contrastText: '#FFFFFF' },
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
          html: { scrollPaddingTop: 80, scrollPaddingBottom: 96 },
          body: { WebkitFontSmoothing: 'antialiased' },
          '.tabular-nums': { fontVariantNumeric: 'tabular-nums' },
          ...REDUCED_MOTION_BASELINE,
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
