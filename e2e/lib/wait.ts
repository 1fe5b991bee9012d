import type { Page, Request } from 'playwright-core';

/**
 * Time the harness itself held the page's main thread (an axe run, lib/axe.ts): a page cannot render while axe runs in
 * it, so a wait does not count that time against the app. On a loaded machine one run has taken 9.7 s, the whole of a
 * 10 s wait for a heading the app had its data for.
 */
let heldMs = 0;
/** the holds still open, by their start */
const holding = new Set<{ start: number }>();

/** Marks the start of a hold; the function returned ends it. */
export function holdPage(): () => void {
  const hold = { start: performance.now() };
  holding.add(hold);
  return () => {
    if (!holding.delete(hold)) return;
    heldMs += performance.now() - hold.start;
  };
}

/** Milliseconds the harness has held pages so far in this process, the holds still open included. */
function heldSoFar(): number {
  const now = performance.now();
  let open = 0;
  for (const hold of holding) open += now - hold.start;
  return heldMs + open;
}

/** At most this much is added to a wait for the harness's holds (a stuck hold does not make a wait endless). */
const MAX_HELD_EXTENSION_MS = 60_000;

/**
 * Retries `check` until it stops throwing (playwright-core has no auto-retrying expect): assertions written with
 * node:assert inside `check` are re-evaluated until they pass or the time is up, then the last error is thrown. The
 * time is `timeoutMs` of the app's own: the harness's holds on the page meanwhile (heldSoFar) are added to it.
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const start = Date.now();
  const heldAtStart = heldSoFar();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      const held = Math.min(heldSoFar() - heldAtStart, MAX_HELD_EXTENSION_MS);
      if (Date.now() >= start + timeoutMs + held) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}

/** The calls a page makes to the API that change something (not GETs), as `METHOD /api/path`. */
export type CallWatch = {
  /** how many of the watched calls went to `key` (`'POST /api/deposit'`) */
  count(key: string): number;
  /** resolves once every call made so far has its answer (or failed): what a second click sent has landed */
  settled(): Promise<void>;
};

/**
 * Watches a page's calls to the API from now on. A journey that double-clicks counts what the page sent and, once the
 * screen shows the outcome, waits for every answer before it counts what the server recorded: no fixed pause, and a
 * second request slower than any pause is still counted.
 */
export function watchCalls(page: Page): CallWatch {
  const calls: { key: string; answered: Promise<unknown> }[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' || !url.pathname.startsWith('/api/')) return;
    calls.push({ key: `${request.method()} ${url.pathname}`, answered: request.response().catch(() => null) });
  };
  page.on('request', onRequest);
  return {
    count: (key) => calls.filter((call) => call.key === key).length,
    async settled() {
      // a round trip to the page first: the browser's request events sent before it have reached this process
      await page.evaluate(() => 0);
      for (let seen = -1; seen !== calls.length; ) {
        seen = calls.length;
        await Promise.all(calls.map((call) => call.answered));
      }
    },
  };
}
