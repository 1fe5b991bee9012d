import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fade from '@mui/material/Fade';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '@/testing/viewport';
import { AppProviders } from './provider';
import { REDUCED_MOTION_QUERY } from './theme';

function stubReducedMotion(reduce: boolean): void {
  stubMatchMedia((query) => reduce && query.includes('prefers-reduced-motion: reduce'));
}

/** A MUI transition as the dialogs and drawers use it: the inline transition MUI writes on the node as it enters. */
function enteringTransition(): string {
  const view = render(
    <AppProviders>
      <Fade in appear timeout={225}>
        <p data-testid="faded">texto</p>
      </Fade>
    </AppProviders>,
  );
  const transition = view.getByTestId('faded').style.transition;
  view.unmount();
  return transition;
}

describe('AppProviders and prefers-reduced-motion', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("MUI's transitions take no time when the system asks for reduced motion", () => {
    stubReducedMotion(true);
    expect(enteringTransition()).toMatch(/^opacity 0ms /);
  });

  it('they keep their time otherwise', () => {
    stubReducedMotion(false);
    expect(enteringTransition()).toMatch(/^opacity 225ms /);
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
