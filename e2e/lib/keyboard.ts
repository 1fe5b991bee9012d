/**
 * Keyboard-only driving: the journeys of keyboard*.test.ts read the page with locators and act
 * with the keyboard alone — no `click()`, `fill()`, `check()` or any locator action that moves the mouse.
 *
 * `tabTo` presses Tab (or Shift+Tab) until the focused element's accessible name (Chromium's own, through CDP) matches,
 * and at each stop asserts what a keyboard user needs: a visible focus indicator (an outline or a box-shadow on the
 * element or a close ancestor, the element inside the viewport and not covered by another one) and, while a modal
 * dialog is open, focus inside it.
 */
import assert from 'node:assert/strict';
import type { CDPSession, Locator, Page } from 'playwright-core';
import { normalizeSpace } from './ui';
import { eventually } from './wait';

/** What has the keyboard focus: Chromium's role and accessible name, and the DOM's tag. */
export type Focused = { role: string; name: string; tag: string };

const sessions = new WeakMap<Page, Promise<CDPSession>>();

function cdp(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  return session;
}

type AXValue = { value?: unknown };
type AXNode = { ignored?: boolean; role?: AXValue; name?: AXValue };

/** The focused element's role and accessible name as the accessibility tree has them. */
async function focused(page: Page): Promise<Focused> {
  const session = await cdp(page);
  const { result } = (await session.send('Runtime.evaluate', {
    expression: 'document.activeElement',
  })) as { result: { objectId?: string; description?: string } };
  if (!result.objectId) return { role: 'none', name: '', tag: 'none' };
  try {
    const { nodes } = (await session.send('Accessibility.getPartialAXTree', {
      objectId: result.objectId,
      fetchRelatives: false,
    })) as { nodes: AXNode[] };
    const node = nodes[0];
    return {
      role: String(node?.role?.value ?? ''),
      // MUI puts a zero-width space beside a button's icon
      name: normalizeSpace(String(node?.name?.value ?? '').replace(/[\u200b-\u200d\ufeff]/g, '')),
      tag: String(result.description ?? '')
        .split(/[.#]/)[0]!
        .toLowerCase(),
    };
  } finally {
    await session.send('Runtime.releaseObject', { objectId: result.objectId }).catch(() => undefined);
  }
}

const describe = (f: Focused) => `${f.role || f.tag} '${f.name}'`;

/** The focused element's opening tag, for a failure's message. */
const focusedTag = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? el.outerHTML.slice(0, el.outerHTML.indexOf('>') + 1).slice(0, 160) : 'none';
  });

/**
 * What a keyboard user sees of the focused element, measured in the page: null when all is well, else what is wrong.
 * The ring may be drawn by an ancestor (MUI draws a text field's halo on the input's wrapper, a radio's on its span).
 */
function inspectFocus(): string | null {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body || el === document.documentElement) return null;
  const modal = [...document.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]')].find((d) => {
    const box = d.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(d).visibility !== 'hidden';
  });
  if (modal && !modal.contains(el)) return 'focus is behind the open dialog';
  let ring = false;
  for (let node: HTMLElement | null = el, depth = 0; node && depth < 4; node = node.parentElement, depth++) {
    const style = getComputedStyle(node);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    if (outline || (style.boxShadow && style.boxShadow !== 'none')) {
      ring = true;
      break;
    }
  }
  if (!ring) return 'no visible focus indicator (outline or box-shadow)';
  const box = el.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return 'the focused element has no size';
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) {
    const root = document.documentElement;
    return `the focused element is off screen (its centre at ${Math.round(x)},${Math.round(y)}, window ${window.innerWidth}×${window.innerHeight}, scrolled ${Math.round(window.scrollY)} of ${root.scrollHeight}, body overflow '${getComputedStyle(document.body).overflow}')`;
  }
  // a link that wraps inside a sentence is two boxes, and the centre of their union is the sentence's: it is uncovered
  // when the centre of one of its boxes shows it
  // (no named function in here: the page runs this function's source, without tsx's helpers)
  let shown = false;
  for (const r of el.getClientRects()) {
    if (r.width === 0 || r.height === 0) continue;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (hit && (hit === el || el.contains(hit))) shown = true;
  }
  if (!shown) {
    const hit = document.elementFromPoint(x, y);
    const what = hit
      ? `${hit.tagName.toLowerCase()}${hit.className ? `.${String(hit.className).split(' ')[0]}` : ''}`
      : 'nothing';
    return `the focused element is covered (${what} at its centre)`;
  }
  return null;
}

/** Asserts that the focused element shows a focus indicator, is on screen, uncovered, and not behind a dialog. */
async function expectFocusVisible(page: Page, what?: string): Promise<void> {
  // the browser scrolls a newly focused element into view smoothly at times: give it a few frames
  await eventually(
    async () => {
      const problem = await page.evaluate(inspectFocus);
      if (problem) assert.fail(`${what ?? describe(await focused(page))}: ${problem}`);
    },
    { timeoutMs: 1_500, intervalMs: 50 },
  );
}

const matches = (name: string, target: string | RegExp) =>
  typeof target === 'string' ? name === normalizeSpace(target) : target.test(name);

export type TabOptions = {
  /** Presses before giving up (40 by default). */
  max?: number;
  /** Shift+Tab instead of Tab. */
  back?: boolean;
  /** The role too ('button', 'link', 'textbox', 'combobox', 'radio', 'checkbox', 'tab'...). */
  role?: string;
};

/**
 * Presses Tab (Shift+Tab with `back`) until the focused element's accessible name matches (exactly when a string),
 * checking the focus indicator and the dialog rule at every stop. Fails with the names passed when not found.
 */
export async function tabTo(page: Page, target: string | RegExp, options: TabOptions = {}): Promise<Focused> {
  const max = options.max ?? 40;
  const passed: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (now.tag === 'body' || now.tag === 'none') {
      passed.push('(page)');
      continue;
    }
    await expectFocusVisible(page, describe(now));
    passed.push(describe(now));
    if (matches(now.name, target) && (!options.role || now.role === options.role)) return now;
  }
  assert.fail(
    `${options.role ?? 'element'} ${String(target)} not reached in ${max} ${options.back ? 'Shift+Tab' : 'Tab'} presses; passed:\n  ${passed.join('\n  ')}`,
  );
}

/** Tabs to a control and presses Enter (a button, a link) or Space (`key: ' '`: a checkbox, a radio). */
export async function activate(
  page: Page,
  target: string | RegExp,
  options: TabOptions & { key?: string } = {},
): Promise<void> {
  await tabTo(page, target, options);
  await page.keyboard.press(options.key ?? 'Enter');
}

/** Presses a key (`times` times). */
export async function press(page: Page, key: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

/** Types into the focused element, key by key. */
export async function typeText(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text);
}

/** Tabs to a field by its label and types into it (clearing what it held with Ctrl+A, Backspace). */
export async function typeInto(page: Page, label: string | RegExp, text: string, options: TabOptions = {}) {
  await tabTo(page, label, options);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}

/** Whether the locator's element holds the focus (or, with `inside`, contains it). */
function holdsFocus(locator: Locator, inside: boolean): Promise<boolean> {
  return locator.evaluate(
    (el, within) => (within ? el.contains(document.activeElement) : el === document.activeElement),
    inside,
  );
}

/** Waits until the focus is on this element. */
export async function expectFocusOn(page: Page, locator: Locator, what: string): Promise<void> {
  await eventually(async () => {
    if (!(await holdsFocus(locator, false)))
      assert.fail(`focus should be on ${what}; it is on ${describe(await focused(page))} ${await focusedTag(page)}`);
  });
  await expectFocusVisible(page, what);
}

/** Waits until the focus is inside this element (a dialog that just opened). */
export async function expectFocusInside(page: Page, locator: Locator, what: string): Promise<void> {
  await eventually(async () => {
    if (!(await holdsFocus(locator, true)))
      assert.fail(
        `focus should be inside ${what}; it is on ${describe(await focused(page))} ${await focusedTag(page)}`,
      );
  });
}

/**
 * The dialog rule: `dialog` opened from `opener` holds the focus; Escape closes it and the focus is back on `opener`.
 * Without `close`, only the first half (the caller goes on inside the dialog).
 */
export async function expectDialogFocus(
  page: Page,
  dialog: Locator,
  opener: Locator | null,
  what: string,
  { close = false }: { close?: boolean } = {},
): Promise<void> {
  await dialog.waitFor({ state: 'visible' });
  await expectFocusInside(page, dialog, `the dialog ${what}`);
  if (!close) return;
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  if (opener) await expectFocusOn(page, opener, `the button that opened ${what}`);
}

/** After a dialog closed (its own button, or by itself): the focus is back on the button that opened it. */
export async function expectFocusReturned(page: Page, dialog: Locator, opener: Locator, what: string): Promise<void> {
  await dialog.waitFor({ state: 'hidden' });
  await expectFocusOn(page, opener, `the button that opened ${what}`);
}

/**
 * Presses an arrow key (ArrowDown by default) until the focused element's name matches: the options of a radio group
 * (the arrows move and check), of an open listbox or menu.
 */
export async function arrowTo(
  page: Page,
  target: string | RegExp,
  { key = 'ArrowDown', max = 15 }: { key?: string; max?: number } = {},
): Promise<Focused> {
  const passed: string[] = [];
  let now = await focused(page);
  for (let i = 0; ; i++) {
    passed.push(describe(now));
    if (matches(now.name, target)) {
      await expectFocusVisible(page, describe(now));
      return now;
    }
    if (i >= max) break;
    await page.keyboard.press(key);
    now = await focused(page);
  }
  assert.fail(`${String(target)} not reached with ${key} in ${max} presses; passed:\n  ${passed.join('\n  ')}`);
}
