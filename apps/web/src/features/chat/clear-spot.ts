import { type RefObject, useEffect, useState } from 'react';

/** What a person may tap: the button must never sit over one of these on a phone. */
const TAPPABLE = 'button, a[href], input, select, textarea, [role="button"], [role="tab"], [role="link"]';
/**
 * What a person must read whole: money and grams (components/money-text.tsx marks every figure it sets), any section
 * that says so, and every field's box with its unit (MUI's InputBase root: the "g" of a quantity is an adornment
 * beside the input, which the tappable points miss). The button never covers a bit of one, however little.
 */
const KEEP_CLEAR = '[data-keep-clear], .MuiInputBase-root';
/** MUI's xs: the button stands closer to the corner on a phone. */
const PHONE_QUERY = '(max-width: 599.95px)';
const GAP_PX = 8;
/** It climbs at most this share of the window; above that it steps aside (hidden) until the next scroll. */
const MAX_LIFT_SHARE = 0.45;
/** Figures checked at most (a long statement holds hundreds; those past the window are skipped by their place). */
const KEEP_CLEAR_MAX = 2000;

type Rect = { left: number; right: number; top: number; bottom: number };

/** The first tappable element of the page under the rectangle (the button itself excluded). */
function tappableUnder(own: HTMLElement, rect: Rect) {
  const points: Array<[number, number]> = [
    [rect.left + 4, rect.top + 4],
    [rect.right - 4, rect.top + 4],
    [rect.left + 4, rect.bottom - 4],
    [rect.right - 4, rect.bottom - 4],
    [(rect.left + rect.right) / 2, (rect.top + rect.bottom) / 2],
  ];
  for (const [x, y] of points) {
    for (const element of document.elementsFromPoint(x, y)) {
      if (own.contains(element)) continue;
      const hit = element.closest(TAPPABLE);
      if (hit && !own.contains(hit)) return hit;
    }
  }
  return null;
}

/**
 * The highest figure that the rectangle touches, if any (the button then climbs above all it touches at once): by
 * their boxes, not by sampled points, since a figure is thin and a point may miss it. A figure hidden (display none,
 * a closed tab) has an empty box and never counts.
 */
function figureUnder(own: HTMLElement, rect: Rect): Element | null {
  let highest: Element | null = null;
  let highestTop = Infinity;
  const figures = document.querySelectorAll(KEEP_CLEAR);
  for (let i = 0; i < figures.length && i < KEEP_CLEAR_MAX; i++) {
    const figure = figures[i]!;
    if (own.contains(figure)) continue;
    const box = figure.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const touches = box.left < rect.right && box.right > rect.left && box.top < rect.bottom && box.bottom > rect.top;
    if (touches && box.top < highestTop) {
      highest = figure;
      highestTop = box.top;
    }
  }
  return highest;
}

/**
 * The floating button climbs above any button, link or field under its corner (a phone's full-width 'Comprar'
 * passing by as the page scrolls, a form's right-aligned 'Salvar' on a desktop) and above any money figure (a
 * checkout's 'Total a pagar', the book's prices), and steps aside when there is no free place near the corner. Checked once a frame at most, after scrolling, resizing and changes of the page.
 * Answers how far to lift it (px), or null to hide it. `offsets`: its distance from the edges on a phone and wider.
 */
export function useClearSpot(
  ref: RefObject<HTMLElement | null>,
  offsets: { phone: number; wide: number },
): number | null {
  const [lift, setLift] = useState<number | null>(0);
  useEffect(() => {
    if (typeof document.elementsFromPoint !== 'function') return;
    const phone = window.matchMedia(PHONE_QUERY);
    let frame = 0;
    const check = () => {
      frame = 0;
      const own = ref.current;
      if (!own) return;
      const offsetPx = phone.matches ? offsets.phone : offsets.wide;
      const { width, height } = own.getBoundingClientRect();
      // the window without its scroll bars, as position: fixed sees it
      const { clientWidth, clientHeight } = document.documentElement;
      const right = clientWidth - offsetPx;
      const base = clientHeight - offsetPx;
      let bottom = base;
      for (let hop = 0; hop < 4; hop++) {
        const place = { left: right - width, right, top: bottom - height, bottom };
        const hit = tappableUnder(own, place) ?? figureUnder(own, place);
        if (!hit) {
          setLift(base - bottom > clientHeight * MAX_LIFT_SHARE ? null : base - bottom);
          return;
        }
        bottom = hit.getBoundingClientRect().top - GAP_PX;
      }
      setLift(null);
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(check);
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    phone.addEventListener('change', schedule);
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, { childList: true, subtree: true });
    schedule();
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      phone.removeEventListener('change', schedule);
      changes.disconnect();
    };
  }, [ref, offsets.phone, offsets.wide]);
  return lift;
}
