import { useCallback, useRef, useState } from 'react';

/**
 * Where the keyboard's focus goes when a dialog closes and the button that opened it cannot take it back (WCAG
 * 2.4.3): a paid order replaces 'Fazer um Pix', a cancelled order takes its cancel button away, a button disabled
 * while its call ran lost the focus before the dialog opened. MUI gives the focus back to the element that had it when
 * the dialog opened; when that is gone, the focus stays in the closing dialog and then falls to the page's top
 * (document.body), and a keyboard user starts over. Call from the dialog's transition `onExited` (its node is `from`):
 * the focus moves to `target` only when it is lost (on the body, on a removed element, or still in `from`).
 */
export function focusIfLost(target: HTMLElement | null | undefined, from?: HTMLElement): void {
  const active = document.activeElement;
  const lost = !active || active === document.body || !active.isConnected || Boolean(from?.contains(active));
  if (target && lost) target.focus();
}

/** What an item of a growing list spreads on its root element (useRevealFocus). */
export type RevealedItemProps = { tabIndex?: number; ref?: (element: HTMLElement | null) => void };

/**
 * "Mostrar mais" for a list: the button goes (or is disabled while the next page loads) once it is pressed, and the
 * focus with it to the page's top. The first item shown by the press takes the focus instead, so a keyboard or
 * screen reader user goes on reading where the list grew. `revealFrom(n)` before showing more (n: how many were
 * shown); `propsFor(i)` on each item: the item at n gets `tabIndex={-1}` and takes the focus once, when it renders.
 */
export function useRevealFocus() {
  const [first, setFirst] = useState<number | null>(null);
  const pending = useRef(false);
  const takeFocus = useCallback((element: HTMLElement | null) => {
    if (element && pending.current) {
      pending.current = false;
      element.focus();
    }
  }, []);
  const revealFrom = (shown: number) => {
    pending.current = true;
    setFirst(shown);
  };
  return {
    revealFrom,
    /** A paged list's "Mostrar mais": the next page is fetched, and its first item (at `shown`) takes the focus. */
    fetchMore(shown: number, pages: { fetchNextPage: () => Promise<unknown> }) {
      revealFrom(shown);
      void pages.fetchNextPage();
    },
    propsFor(index: number): RevealedItemProps {
      return index === first ? { tabIndex: -1, ref: takeFocus } : {};
    },
  };
}

export type RevealFocus = ReturnType<typeof useRevealFocus>;
