import { useTheme } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './provider';

function stubReducedMotion(reduce: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

function Probe() {
  const theme = useTheme();
  return (
    <p>
      {theme.transitions.create('opacity')} / {theme.transitions.duration.enteringScreen}
    </p>
  );
}

const baselineCss = () =>
  [...document.querySelectorAll('style')]
    .map((style) => style.textContent)
    .join('\n')
    .replace(/\s+/g, '');

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

  it('the baseline ends every CSS animation and transition under reduced motion', () => {
    stubReducedMotion(false);
    const view = render(<AppProviders>página</AppProviders>);
    const css = baselineCss();
    const block = css.slice(css.indexOf('@media(prefers-reduced-motion:reduce)'));
    expect(block).toContain('*,*::before,*::after{');
    expect(block).toContain('animation-duration:0.01ms!important');
    expect(block).toContain('animation-iteration-count:1!important');
    expect(block).toContain('transition-duration:0.01ms!important');
    expect(block).toContain('scroll-behavior:auto!important');
    view.unmount();
  });
});
