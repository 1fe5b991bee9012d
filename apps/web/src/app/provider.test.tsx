import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTheme } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '@/testing/viewport';
import { AppProviders } from './provider';
import { REDUCED_MOTION_QUERY } from './theme';

function stubReducedMotion(reduce: boolean): void {
  stubMatchMedia((query) => reduce && query.includes('prefers-reduced-motion: reduce'));
}

function Probe() {
  const theme = useTheme();
  return (
    <p>
      {theme.transitions.create('opacity')} / {theme.transitions.duration.enteringScreen}
    </p>
  );
}

describe('AppProviders and prefers-reduced-motion', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('stops MUI transitions when the system asks for reduced motion', () => {
    stubReducedMotion(true);
    const view = render(
      <AppProviders>
        <Probe />
      </AppProviders>,
    );
    expect(view.container.textContent).toBe('none / 0');
    view.unmount();
  });

  it('keeps MUI transitions otherwise', () => {
    stubReducedMotion(false);
    const view = render(
      <AppProviders>
        <Probe />
      </AppProviders>,
    );
    expect(view.container.textContent).toBe('opacity 300ms cubic-bezier(0.4, 0, 0.2, 1) 0ms / 225');
    view.unmount();
  });

  it('the stylesheet ends every CSS animation and transition under reduced motion, and main.tsx loads it', () => {
    // read from disk: the test runner turns imported stylesheets into empty modules
    const css = readFileSync(join(__dirname, 'reduced-motion.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const block = css.replace(/\s+/g, '');
    expect(block.startsWith(`@media${REDUCED_MOTION_QUERY.replace(/\s+/g, '')}{*,*::before,*::after{`)).toBe(true);
    for (const rule of [
      'animation-duration:0.01ms!important',
      'animation-iteration-count:1!important',
      'transition-duration:0.01ms!important',
      'scroll-behavior:auto!important',
    ])
      expect(block).toContain(rule);
    expect(readFileSync(join(__dirname, '..', 'main.tsx'), 'utf8')).toContain("import './app/reduced-motion.css';");
  });
});
