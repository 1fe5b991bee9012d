import { decomposeColor, getContrastRatio, recomposeColor, type Theme } from '@mui/material/styles';

const STATUSES = ['error', 'warning', 'info', 'success'] as const;
type StatusColor = (typeof STATUSES)[number];

/** WCAG 1.4.3 (AA) for text under 18.66 px bold / 24 px: the back office's chips and text buttons are 13–14 px. */
const MIN_RATIO = 4.5;

/** Shades that read at 4.5:1 as text on white, on the grey page and on their own selected tint, and under white text. */
const READABLE: Record<StatusColor, string> = {
  error: '#C62828',
  warning: '#A35200',
  info: '#01579B',
  success: '#2E7D32',
};

/** `color` at `opacity` over an opaque `background`, as the browser paints a selected toggle's tint. */
function over(background: string, color: string, opacity: number): string {
  const back = decomposeColor(background).values;
  const front = decomposeColor(color).values;
  const mix = (i: number) => Math.round(back[i]! * (1 - opacity) + front[i]! * opacity);
  return recomposeColor({ type: 'rgb', values: [mix(0), mix(1), mix(2)] });
}

/**
 * Whether a status colour reads as text (an outlined chip, a text button, a selected toggle) on the paper, on the
 * page's background and on its own selected tint, and whether its contrast text reads on it (a filled chip).
 */
export function isReadableStatusColor(theme: Theme, color: StatusColor): boolean {
  const { main, contrastText } = theme.palette[color];
  const { background, action } = theme.palette;
  const grounds = [background.paper, background.default, over(background.paper, main, action.selectedOpacity)];
  return (
    grounds.every((g) => getContrastRatio(main, g) >= MIN_RATIO) && getContrastRatio(contrastText, main) >= MIN_RATIO
  );
}

/**
 * The app's theme with each status colour (error, warning, info, success) that does not reach 4.5:1 replaced by a
 * darker shade: MUI's default warning is 3.1:1 on white, its info 3.9:1 under white text and its error 4.4:1 on a
 * selected toggle, which axe counted on /admin/clientes, /admin/mercado, /admin/atendimento and its tickets, and
 * /admin/transferencias. A colour the app's theme already makes readable is kept, so when theme.ts gets readable
 * status colours this is a no-op and can go.
 */
export function withReadableStatusColors(outer: Theme): Theme {
  const failing = STATUSES.filter((color) => !isReadableStatusColor(outer, color));
  if (failing.length === 0) return outer;
  const palette = { ...outer.palette };
  for (const color of failing)
    palette[color] = outer.palette.augmentColor({ color: { main: READABLE[color] }, name: color });
  return { ...outer, palette };
}
