import { type RefObject, useEffect, useState } from 'react';

/** What a person may tap: the button must never sit over one of these on a phone. */
const TAPPABLE = 'button, a[href], input, select, textarea, [role="button"], [role="tab"], [role="link"]';
/** MUI's xs: the button stands closer to the corner on a phone. */
const PHONE_QUERY = '(max-width: 599.95px)';
const GAP_PX = 8;
/** It climbs at most this share of the window; above that it steps aside (hidden) until the next scroll. */
const MAX_LIFT_SHARE = 0.45;

/** The first tappable element of the page under the rectangle (the button itself excluded). */
function tappableUnder(own: HTMLElement, rect: { left: number; right: number; top: number; bottom: number }) {
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
 * The floating button climbs above any button, link or field under its corner (a phone's full-width 'Comprar'
 * passing by as the page scrolls, a form's right-aligned 'Salvar' on a desktop), and steps aside when there is no
 * free place near the corner. Checked once a frame at most, after scrolling, resizing and changes of the page.
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
        const hit = tappableUnder(own, { left: right - width, right, top: bottom - height, bottom });
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
