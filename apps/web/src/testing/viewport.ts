import { vi } from 'vitest';

/** The media queries MUI writes for its breakpoints: (min-width:600px), (max-width:599.95px), joined by "and". */
function widthMatches(query: string, width: number): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, kind, px]) => (kind === 'min' ? width >= Number(px) : width <= Number(px)));
}

/**
 * Answers the page's media queries with `matches` (jsdom has no matchMedia). Undone by vi.unstubAllGlobals().
 */
export function stubMatchMedia(matches: (query: string) => boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

/**
 * Makes the page as wide as a phone (390 px, or `width`) for MUI's useMediaQuery: jsdom has no matchMedia, so every
 * screen test runs as a wide screen unless it calls this. Undone by vi.unstubAllGlobals().
 */
export function stubViewportWidth(width = 390): void {
  stubMatchMedia((query) => widthMatches(query, width));
}
