/**
 * The data the server put beside a page's first paint (apps/server/src/plugins/first-paint.ts): a JSON data block in
 * index.html, read once. A page's query takes its part as initial data, so React's first render shows what the
 * static HTML showed instead of a skeleton, and then asks the server again in the background.
 */
let data: Record<string, unknown> | null | undefined;

export function firstPaintData<T>(key: string): T | undefined {
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
