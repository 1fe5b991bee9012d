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
