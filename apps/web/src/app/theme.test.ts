import { decomposeColor, getContrastRatio, recomposeColor } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { FOCUS_RING_COLOR, theme } from './theme';

const { palette } = theme;
const BACKGROUNDS = { paper: palette.background.paper, page: palette.background.default };
const INTENTS = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;

/** WCAG 2.1 1.4.3 and 1.4.11: text 4.5:1; a control's edge or a focus ring 3:1. */
describe('theme contrast (WCAG 2.1 AA)', () => {
  for (const [name, background] of Object.entries(BACKGROUNDS)) {
    it(`body text and secondary text read at 4.5:1 on the ${name}`, () => {
      expect(getContrastRatio(palette.text.primary, background)).toBeGreaterThanOrEqual(4.5);
      expect(getContrastRatio(palette.text.secondary, background)).toBeGreaterThanOrEqual(4.5);
    });

    it(`every intent's main colour is text at 4.5:1 on the ${name} (outlined chips, links, text buttons)`, () => {
      for (const intent of INTENTS) {
        expect(getContrastRatio(palette[intent].main, background), intent).toBeGreaterThanOrEqual(4.5);
      }
    });

    it(`the focus ring stands out at 3:1 on the ${name}`, () => {
      expect(getContrastRatio(FOCUS_RING_COLOR, background)).toBeGreaterThanOrEqual(3);
    });
  }

  it("each intent's contrast text reads at 4.5:1 on its main colour (filled chips and buttons)", () => {
    for (const intent of INTENTS) {
      expect(getContrastRatio(palette[intent].contrastText, palette[intent].main), intent).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("each intent's main colour reads at 4.5:1 on its own selected tint (a selected toggle, as /admin/mercado's)", () => {
    for (const intent of INTENTS) {
      const tint = over(palette.background.paper, palette[intent].main, palette.action.selectedOpacity);
      expect(getContrastRatio(palette[intent].main, tint), intent).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('links are underlined, not told apart by colour alone (WCAG 1.4.1)', () => {
    expect(theme.components?.MuiLink?.defaultProps?.underline).toBe('always');
  });
});

/** `color` at `opacity` over an opaque `background`, as the browser paints a selected toggle's tint. */
function over(background: string, color: string, opacity: number): string {
  const back = decomposeColor(background).values;
  const front = decomposeColor(color).values;
  const mix = (i: number) => Math.round((back[i] ?? 0) * (1 - opacity) + (front[i] ?? 0) * opacity);
  return recomposeColor({ type: 'rgb', values: [mix(0), mix(1), mix(2)] });
}
