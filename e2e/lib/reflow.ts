// Reflow and text measures for e2e/a11y.ts (WCAG 2.1 1.4.10 reflow, 1.4.12 text spacing, 1.4.4 resize text).
import type { Page } from 'playwright-core';

/** How many offending elements a row lists (the widest first). */
const LISTED_MAX = 3;

/** WCAG 1.4.12's minimums, as the usual bookmarklet applies them to every element. */
const TEXT_SPACING_CSS = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important;
  word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }`;
/** Text alone at 200 % (the theme sizes type in rem, so this grows every text). */
export const TEXT_200_CSS = 'html { font-size: 200% !important; }';

/**
 * Waits (8 s at most) until the screen has drawn its content: a heading or main, and no loading bar, spinner or
 * skeleton left. On a busy machine `networkidle` comes before the lazy page's chunk has rendered. Then the transitions
 * the data started end (a button enabled as its data arrives fades its colours in 250 ms; axe reading it halfway
 * reports a contrast no one sees once it is there), 1 s at most.
 */
export async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document.querySelector('h1, main') !== null &&
        document.querySelector('[role="progressbar"], .MuiSkeleton-root') === null,
      undefined,
      { timeout: 8_000, polling: 200 },
    )
    .catch(() => undefined);
  await page
    .evaluate(() => {
      const ending = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      return Promise.race([
        Promise.all(ending.map((a) => a.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, 1000)),
      ]);
    })
    .catch(() => undefined);
}

export type Sideways = { overflowPx: number; offenders: string[] };

/** tsx (esbuild, keepNames) wraps the named helpers inside the functions below in `__name()`; the page needs one. */
const definePageNameHelper = (page: Page) => page.evaluate('globalThis.__name ??= (fn) => fn');

/**
 * How far the page scrolls sideways (`scrollWidth - innerWidth`, 0 when it does not) and the outermost elements that
 * stick out past the right edge, widest first. An element inside a box that clips or scrolls on its own does not move
 * the page; a data table in a region that says it scrolls (components/table-scroll.tsx) is allowed to be wider.
 */
export async function measureSideways(page: Page): Promise<Sideways> {
  await definePageNameHelper(page);
  return page.evaluate((listedMax) => {
    const viewportWidth = window.innerWidth;
    const overflowPx = Math.max(0, document.documentElement.scrollWidth - viewportWidth);
    if (overflowPx === 0) return { overflowPx, offenders: [] };
    const describe = (el: Element) => {
      const cls =
        typeof el.className === 'string' ? el.className.split(/\s+/).find((c) => c && !c.startsWith('css-')) : '';
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 30);
      return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}${text ? ` "${text}"` : ''}`;
    };
    /**
     * A box between the element and the page that clips or scrolls: what sticks out of it does not move the page. An
     * absolutely positioned element escapes every such box below its containing block (its nearest positioned
     * ancestor): a visually hidden span in a scrolling table without one moves the page.
     */
    const contained = (el: Element) => {
      let escaping = getComputedStyle(el).position === 'absolute';
      for (let a = el.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.position === 'fixed') return true;
        const positioned = style.position !== 'static' || style.transform !== 'none';
        if (escaping && !positioned) continue;
        if (style.overflowX !== 'visible') return true;
        escaping = style.position === 'absolute';
      }
      return false;
    };
    const sticksOut = (el: Element) => {
      const rect = el.getBoundingClientRect();
      return rect.width > 0 && rect.right > viewportWidth + 1;
    };
    const escapes = (el: Element) => sticksOut(el) && getComputedStyle(el).position !== 'fixed' && !contained(el);
    const found: { label: string; px: number }[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (!escapes(el)) continue;
      if (el.parentElement && el.parentElement !== document.body && escapes(el.parentElement)) continue;
      found.push({ label: describe(el), px: Math.round(el.getBoundingClientRect().right - viewportWidth) });
    }
    found.sort((a, b) => b.px - a.px);
    return { overflowPx, offenders: found.slice(0, listedMax).map((f) => `${f.label} +${f.px}px`) };
  }, LISTED_MAX);
}

/**
 * Text cut by its box: an element that hides its overflow (overflow hidden or clip, ellipsis included) and holds text
 * wider or taller than itself. Not cut content: visually hidden text (1 px boxes, `clip: rect(0 0 0 0)`, visibility
 * hidden), form inputs (which scroll their own text), and a box that a visible collapsed control opens ("Ler mais":
 * `aria-expanded="false"` and `aria-controls` naming the box), whose rest is one press away.
 */
export async function findClipped(page: Page): Promise<string[]> {
  await definePageNameHelper(page);
  return page.evaluate(() => {
    const opensOnPress = (el: HTMLElement) =>
      el.id !== '' &&
      [...document.querySelectorAll('[aria-expanded="false"][aria-controls]')].some(
        (control) =>
          (control.getAttribute('aria-controls') ?? '').split(/\s+/).includes(el.id) &&
          control.getClientRects().length > 0 &&
          getComputedStyle(control).visibility === 'visible',
      );
    const cut: HTMLElement[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (['INPUT', 'TEXTAREA', 'SELECT', 'svg', 'IMG', 'VIDEO', 'CANVAS', 'IFRAME'].includes(el.tagName)) continue;
      const style = getComputedStyle(el);
      const hidesX = style.overflowX === 'hidden' || style.overflowX === 'clip';
      const hidesY = style.overflowY === 'hidden' || style.overflowY === 'clip';
      if (!hidesX && !hidesY) continue;
      if (el.clientWidth <= 1 || el.clientHeight <= 1 || style.visibility !== 'visible') continue;
      if (el.closest('[aria-hidden="true"], legend, .MuiTouchRipple-root')) continue;
      if (style.position === 'absolute' && style.clip === 'rect(0px, 0px, 0px, 0px)') continue;
      const cutX = hidesX && el.scrollWidth > el.clientWidth + 1;
      const cutY = hidesY && el.scrollHeight > el.clientHeight + 1;
      if (!cutX && !cutY) continue;
      // biome-ignore lint/performance/useDomNodeTextContent: only rendered text can be cut
      const text = (el.innerText ?? '').replace(/\s+/g, ' ').trim();
      if (!text) continue;
      if (opensOnPress(el)) continue;
      cut.push(el);
    }
    // the innermost cut box names the text; its clipping ancestors (a dialog's paper, a card) would repeat it
    return cut
      .filter((el) => !cut.some((other) => other !== el && el.contains(other)))
      .map((el) => {
        const cls =
          typeof el.className === 'string' ? el.className.split(/\s+/).find((c) => c && !c.startsWith('css-')) : '';
        const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 30);
        return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''} "${text}"`;
      });
  });
}

export type TextPass = { name: 'spacing' | 'text200'; sidewaysPx: number; clipped: string[] };

/** Applies a style, measures clipped text and sideways scrolling, and takes the style away again. */
export async function textPass(page: Page, name: TextPass['name']): Promise<TextPass> {
  const css = name === 'spacing' ? TEXT_SPACING_CSS : TEXT_200_CSS;
  // the app's CSP allows inline styles (emotion needs them), so a style tag is enough
  const handle = await page.addStyleTag({ content: css });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const clipped = await findClipped(page);
  const { overflowPx } = await measureSideways(page);
  await handle.evaluate((el) => (el as Element).remove());
  return { name, sidewaysPx: overflowPx, clipped };
}
