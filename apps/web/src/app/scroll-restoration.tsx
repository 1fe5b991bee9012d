import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { takeKeepScroll } from '@/lib/scroll';

const STORAGE_KEY = 'prata-scroll-positions';

/** The scroll position of each history entry (by location key), kept in sessionStorage across reloads. */
let positions: Record<string, number> | null = null;

function saved(): Record<string, number> {
  if (positions === null) {
    try {
      const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
      positions = stored && typeof stored === 'object' ? (stored as Record<string, number>) : {};
    } catch {
      positions = {};
    }
  }
  return positions;
}

/**
 * What react-router's <ScrollRestoration> does in data mode (declarative mode has none): back and forward, and a
 * reload, return to where the page was scrolled; any other navigation starts at the top, or at the #hash's element,
 * unless its link says preventScrollReset (components/router-link.tsx).
 * Rendered beside the page inside the first-load Suspense, so it runs once the page is there.
 */
export function ScrollRestoration() {
  const { key, hash } = useLocation();
  const current = useRef(key);

  useEffect(() => {
    const remember = () => {
      saved()[current.current] = window.scrollY;
    };
    const persist = () => {
      remember();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(saved()));
      } catch {
        // storage unavailable (private mode): positions live until the tab closes
      }
      window.history.scrollRestoration = 'auto';
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) window.history.scrollRestoration = 'manual';
    };
    window.history.scrollRestoration = 'manual';
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
      window.removeEventListener('pageshow', onPageShow);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (a new key) places the page once; the hash is read with it
  useLayoutEffect(() => {
    current.current = key;
    const keep = takeKeepScroll();
    const y = saved()[key];
    if (typeof y === 'number') {
      window.scrollTo(0, y);
      return;
    }
    if (hash) {
      try {
        const target = document.getElementById(decodeURIComponent(hash.slice(1)));
        if (target) {
          target.scrollIntoView();
          return;
        }
      } catch {
        // a hash that is not a decodable id: the top of the page
      }
    }
    if (!keep) window.scrollTo(0, 0);
  }, [key]);

  return null;
}
