/**
 * A link that changes only part of a page (the tabs of /meus-dados and /meu-historico) keeps the scroll position
 * instead of going to the top: RouterLink's `preventScrollReset` sets this, and app/scroll-restoration.tsx reads it
 * once, on the navigation that follows.
 */
let keepScroll = false;

export function keepScrollOnNextNavigation(): void {
  keepScroll = true;
}

/** True once after keepScrollOnNextNavigation(). */
export function takeKeepScroll(): boolean {
  const keep = keepScroll;
  keepScroll = false;
  return keep;
}
