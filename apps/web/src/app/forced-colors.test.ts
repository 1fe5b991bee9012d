import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { avatarClasses } from '@mui/material/Avatar';
import { buttonClasses } from '@mui/material/Button';
import { chipClasses } from '@mui/material/Chip';
import { fabClasses } from '@mui/material/Fab';
import { listItemButtonClasses } from '@mui/material/ListItemButton';
import { outlinedInputClasses } from '@mui/material/OutlinedInput';
import { switchClasses } from '@mui/material/Switch';
import { tabsClasses } from '@mui/material/Tabs';
import { toggleButtonClasses } from '@mui/material/ToggleButton';
import { describe, expect, it } from 'vitest';
// read from disk: the test runner turns imported stylesheets into empty modules
const css = readFileSync(join(__dirname, 'forced-colors.css'), 'utf8');

const MUI_CLASSES = new Set(
  [
    avatarClasses,
    buttonClasses,
    chipClasses,
    fabClasses,
    listItemButtonClasses,
    outlinedInputClasses,
    switchClasses,
    tabsClasses,
    toggleButtonClasses,
  ].flatMap((classes) => Object.values(classes)),
);

describe('forced-colors.css (high contrast: indicators drawn with backgrounds and shadows)', () => {
  it('applies only in forced colors, where MUI selected, checked and focused marks would vanish', () => {
    const body = css.replace(/\/\*[\s\S]*?\*\//g, '').trim();
    expect(body.startsWith('@media (forced-colors: active) {')).toBe(true);
    for (const mark of ['MuiTabs-indicator', 'Mui-selected', 'MuiSwitch-thumb', 'Mui-focused', 'MuiChip-filled']) {
      expect(body).toContain(mark);
    }
  });

  it('names only classes MUI gives its components (a renamed class would silently stop matching)', () => {
    const used = new Set(css.match(/\.Mui[A-Za-z]*(-[A-Za-z]+)?/g)?.map((c) => c.slice(1)));
    expect(used.size).toBeGreaterThan(5);
    for (const name of used) expect(MUI_CLASSES, name).toContain(name);
  });
});
