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

/**
 * Outlined fields whose label or value is longer than the field (text at 200 %, WCAG 1.4.12's spacing, or a narrow
 * field) wrap it instead of ending it in an ellipsis (WCAG 1.4.4, 1.4.12). At normal size a label that fits looks as
 * MUI draws it. For that the field's FormControl is a one-column grid and its label is in the flow, not on top:
 *
 * - floated (shrunk), the label is in row 1 above the input, at 0.75rem instead of scaled to 0.75, with a negative
 *   bottom margin of one line: one line takes no room (it sits on the border, as MUI's), each further line pushes the
 *   input down, so a long label reads above the field and its last line sits in the notch;
 * - resting in the empty field, it shares row 2 with the input, and its bottom margin is the field's padding: a label
 *   on two lines makes the field taller instead of spilling out of it;
 * - the label's box is as wide as its text (a click beside it reaches the field), at most the field's width less the
 *   notch's insets; a field of auto width would widen to fit its label (every field here is full width or sized);
 * - the notch (the fieldset's hidden legend, with the same text at the same size) wraps at the same width, so the gap
 *   in the border is as wide as the label's widest line.
 */
const LABEL_LINE = '1.4375em'; // FormLabel's line height
const LABEL_INSET = 28; // 14 px on the left; on the right the notch's 8 px padding, 1 px border and 5 px gap
const OUTLINED_FIELD_GRID = {
  '&:has(> .MuiInputLabel-outlined.MuiInputLabel-formControl)': {
    display: 'inline-grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    alignContent: 'start',
    '& > *': { gridColumn: '1' },
    '& > .MuiInputLabel-root': { gridRow: '1' },
    '& > .MuiInputLabel-root:not(.MuiInputLabel-shrink), & > .MuiInputBase-root': { gridRow: '2' },
    '& > .MuiFormHelperText-root': { gridRow: '3' },
  },
} as const;
const OUTLINED_LABEL = {
  '&.MuiInputLabel-outlined.MuiInputLabel-formControl': {
    position: 'relative',
    alignSelf: 'start',
    justifySelf: 'start',
    whiteSpace: 'normal',
    overflowWrap: 'anywhere',
    textOverflow: 'clip',
    // resting in the empty field: below it, the field's padding (16 px, 9 px when small) less a pixel
    marginBottom: '32px',
    '&.MuiInputLabel-sizeSmall': { marginBottom: '16px' },
    '&.MuiInputLabel-animated': { transitionProperty: 'color, transform, max-width, font-size' },
  },
  '&.MuiInputLabel-outlined.MuiInputLabel-formControl.MuiInputLabel-shrink': {
    fontSize: '0.75rem',
    transform: 'translate(14px, -9px)',
    maxWidth: `calc(100% - ${LABEL_INSET}px)`,
    marginBottom: `-${LABEL_LINE}`,
  },
} as const;
const NOTCH_FOLLOWS_LABEL = {
  '& > legend': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
} as const;

export const theme = createTheme(
  {
    // MUI's transitions (dialogs, drawers, menus, collapses) take no time when the system asks for reduced motion,
    // followed live; app/reduced-motion.css does the same for the CSS animations
    motion: { reducedMotion: 'system' },
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
          // A heading or an alert the page moves the focus to (a checkout step, an order's outcome, the warning that
          // says why an order was not sent) shows where the keyboard is (WCAG 2.4.7); after a click it stays plain
          // (`:focus-visible` follows the last input).
          'h1[tabindex="-1"], h2[tabindex="-1"], h3[tabindex="-1"], .MuiAlert-root[tabindex="-1"]': {
            '&:focus-visible': focusRing(2),
          },
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
          notchedOutline: NOTCH_FOLLOWS_LABEL,
        },
      },
      MuiFormControl: { styleOverrides: { root: OUTLINED_FIELD_GRID } },
      MuiInputLabel: { styleOverrides: { root: OUTLINED_LABEL } },
      // A select's value wraps rather than ending in an ellipsis (the field grows taller).
      MuiSelect: { styleOverrides: { select: { whiteSpace: 'normal', overflowWrap: 'anywhere' } } },
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
