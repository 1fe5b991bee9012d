import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { AxeChecks, describeFindings } from './axe';
import { BASE_URL, E2E_DIR } from './env';

export type Viewport = { width: number; height: number };

/** Phone journeys: a context this narrow is a phone's (touch, and the page's meta viewport honoured; newContext). */
export const PHONE: Viewport = { width: 390, height: 844 };
/** Below this width a context emulates a phone, not a narrow desktop window. */
const PHONE_MAX_WIDTH = 600;
/** Desktop journeys. */
export const DESKTOP: Viewport = { width: 1366, height: 900 };

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One browser per test file (Debian's Chromium; Playwright gives it a fresh temporary profile). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

export const SCREENSHOT_DIR = path.join(E2E_DIR, 'screenshots');

/**
 * Whether the journeys take their screenshots (`shot`, `shotBoth`): on by default, so a person can look at every
 * screen after a run; off in CI (CI=true), where nobody looks at them and the two resizes and full-page captures of
 * each `shotBoth` cost minutes. E2E_SCREENSHOTS=1 or 0 decides either way. A failing test's screenshot is always taken.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS
  ? process.env.E2E_SCREENSHOTS !== '0'
  : process.env.CI !== 'true';

/**
 * How long one `withPage` may run before its browser context is closed, which makes every pending Playwright call
 * fail at once: a journey stuck on a page fails in minutes with its screenshot, instead of holding the whole run
 * (node:test's own timeout marks the test failed but lets its body run on).
 */
const PAGE_DEADLINE_MS = Number(process.env.E2E_PAGE_DEADLINE_MS) || 240_000;

/**
 * A full-page PNG at e2e/screenshots/<name>.png, taken from the top of the page (a scrolled page would draw the
 * sticky header in the middle of the picture).
 */
export async function shot(page: Page, name: string): Promise<void> {
  await axeCheckpoint(page);
  if (SCREENSHOTS) await capture(page, name);
}

/** The axe checks of each page's context (see lib/axe.ts). */
const axeOfContext = new WeakMap<BrowserContext, AxeChecks>();

/** Checks the page's screen state with axe now, unless this journey file already did (`shot` and `shotBoth` do). */
async function axeCheckpoint(page: Page): Promise<void> {
  await axeOfContext.get(page.context())?.checkpoint(page);
}

async function capture(page: Page, name: string): Promise<void> {
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await mkdir(path.dirname(file), { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0)).catch(() => undefined);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
}

async function settle(page: Page): Promise<void> {
  // two frames for the media queries to re-render, then a moment for MUI's transitions
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await page.waitForTimeout(250);
}

/**
 * The same screen at both sizes of this issue: e2e/screenshots/<name>-390x844.png and <name>-1366x900.png. The page
 * is resized in place (state and dialogs stay as they are) and put back to its own size afterwards.
 */
export async function shotBoth(page: Page, name: string): Promise<void> {
  await axeCheckpoint(page);
  if (!SCREENSHOTS) return;
  const own = page.viewportSize() ?? DESKTOP;
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await settle(page);
    await shot(page, `${name}-${size.width}x${size.height}`);
  }
  await page.setViewportSize(own);
  await settle(page);
}

/** Uncaught page errors (and, for diagnosis, console errors) of one page. */
export class PageErrors {
  readonly uncaught: Error[] = [];
  readonly console: string[] = [];

  constructor(page: Page) {
    page.on('pageerror', (error) => this.uncaught.push(error));
    page.on('console', (message) => {
      if (message.type() === 'error') this.console.push(message.text());
    });
  }

  /** Fails when the page threw an uncaught error. */
  assertNone(): void {
    if (this.uncaught.length === 0) return;
    const list = this.uncaught.map((e) => `  - ${e.stack ?? e.message}`).join('\n');
    throw new Error(`The page had ${this.uncaught.length} uncaught error(s):\n${list}`);
  }
}

export type PageOptions = {
  viewport: Viewport;
  /** A bearer token put in localStorage ('authToken') before the first page loads: a signed-in visit. */
  token?: string;
  /** Used for the screenshot taken when the test fails (e2e/screenshots/failures/<name>.png). */
  name: string;
  /**
   * The system asks for reduced motion (`prefers-reduced-motion: reduce`): the keyboard and screen-reader journeys
   * run so, as many of the people they stand for do; the others keep the motion most people see.
   */
  reducedMotion?: boolean;
};

async function newContext(browser: Browser, options: PageOptions): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: options.viewport,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
    ...(options.viewport.width < PHONE_MAX_WIDTH ? { isMobile: true, hasTouch: true } : {}),
    storageState: options.token
      ? { cookies: [], origins: [{ origin: BASE_URL, localStorage: [{ name: 'authToken', value: options.token }] }] }
      : undefined,
  });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(20_000);
  return context;
}

/**
 * Runs `fn` on a page of a new browser context (new context per test), then closes it. The test fails on an uncaught
 * page error, and on a serious or critical axe violation on a screen state it passed through (lib/axe.ts); when it
 * fails, a screenshot of the page is kept and the console errors are printed.
 */
export async function withPage(
  browser: Browser,
  options: PageOptions,
  fn: (page: Page, errors: PageErrors) => Promise<void>,
): Promise<void> {
  const context = await newContext(browser, options);
  const axe = await AxeChecks.attach(context);
  if (axe) axeOfContext.set(context, axe);
  const page = await context.newPage();
  const errors = new PageErrors(page);
  let axeFindings: Awaited<ReturnType<AxeChecks['finish']>> = [];
  let expired = false;
  const deadline = setTimeout(() => {
    expired = true;
    void capture(page, `failures/${options.name}`)
      .catch(() => undefined)
      .finally(() => void context.close().catch(() => undefined));
  }, PAGE_DEADLINE_MS);
  try {
    await fn(page, errors);
    if (axe) axeFindings = await axe.finish(page);
  } catch (error) {
    if (expired) {
      console.error(`${options.name}: stopped after ${PAGE_DEADLINE_MS / 1000} s on ${page.url()}`);
    } else {
      await capture(page, `failures/${options.name}`).catch(() => undefined);
    }
    if (axe && axe.findings.length > 0) console.error(describeFindings(axe.findings));
    const seen = [...errors.uncaught.map((e) => `uncaught: ${e.message}`), ...errors.console];
    if (seen.length > 0) console.error(`page errors on ${page.url()}:\n${seen.map((m) => `  - ${m}`).join('\n')}`);
    throw error;
  } finally {
    clearTimeout(deadline);
    await context.close().catch(() => undefined);
  }
  if (process.env.E2E_SHOW_CONSOLE && errors.console.length > 0) {
    console.log(`console errors in ${options.name}:\n${errors.console.map((m) => `  - ${m}`).join('\n')}`);
  }
  errors.assertNone();
  if (axeFindings.length > 0) throw new Error(describeFindings(axeFindings));
}
