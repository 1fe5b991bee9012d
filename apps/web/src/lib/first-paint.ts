/**
 * The data the server put beside a page's first paint (apps/server/src/plugins/first-paint.ts): a JSON data block in
 * index.html, read once. A page's query takes its part as initial data, so React's first render shows what the
 * static HTML showed instead of a skeleton, and then asks the server again in the background.
 */
let data: Record<string, unknown> | null | undefined;

/**
 * The same data while the server renders the page (src/ssr/first-paint.tsx): the server's render and the browser's
 * first render start from the same object, so they draw the same page.
 */
let serverData: Record<string, unknown> | null = null;

/** Runs the server's render of a painted page with its data (src/ssr/first-paint.tsx); not reentrant. */
export async function withServerData<T>(values: Record<string, unknown>, render: () => Promise<T>): Promise<T> {
  serverData = values;
  try {
    return await render();
  } finally {
    serverData = null;
  }
}

export function firstPaintData<T>(key: string): T | undefined {
  if (serverData) return serverData[key] as T | undefined;
  if (data === undefined) {
    const element = typeof document === 'undefined' ? null : document.getElementById('prata-first-paint');
    try {
      data = element?.textContent ? (JSON.parse(element.textContent) as Record<string, unknown>) : null;
    } catch {
      data = null;
    }
  }
  return data?.[key] as T | undefined;
}

/** For tests: forget what was read. */
export function resetFirstPaintData(): void {
  data = undefined;
}

/**
 * A visitor's painted /comprar-prata is the page until they use a control that needs the app (the loader in
 * apps/server/src/plugins/first-paint.ts): the loader then boots the app, marks the document
 * (`<html data-prata-boot="use">`) and remembers the control that was clicked (`data-prata-action`: 'menu', the
 * guest header's phone menu; 'chat', Auro's button), which the app opens after its first render.
 */
export type PaintedAction = 'menu' | 'chat';

const html = () => (typeof document === 'undefined' ? null : document.documentElement);

/**
 * The app was booted by the visitor's use of the painted page (not at once, as for a signed-in customer), or this is
 * the server's render of that page: either way the page is drawn whole in its first render (no part deferred), Auro's
 * button included.
 */
export function bootedOnUse(): boolean {
  return serverData !== null || html()?.getAttribute('data-prata-boot') === 'use';
}

/** The control the visitor clicked on the painted page, still to be opened. */
export function pendingPaintedAction(): string | null {
  return html()?.getAttribute('data-prata-action') ?? null;
}

/** True once when `action` is the control the visitor clicked on the painted page (the caller opens it). */
export function takePaintedAction(action: PaintedAction): boolean {
  const element = html();
  if (element?.getAttribute('data-prata-action') !== action) return false;
  element.removeAttribute('data-prata-action');
  return true;
}
