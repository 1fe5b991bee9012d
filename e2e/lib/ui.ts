import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { eventually } from './wait';

type Role = Parameters<Page['getByRole']>[0];

const isLocator = (scope: Page | Locator): scope is Locator => typeof (scope as Locator).page === 'function';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Spaces as the screen shows them, for comparisons: NBSP (Intl's "R$ 0,00") and runs of whitespace become one space. */
export function normalizeSpace(text: string | null | undefined): string {
  return (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();
}

/**
 * A MUI text field by its label, exactly (a required field's label ends with " *", which is ignored): field(page,
 * 'E-mail') does not match 'Confirme o e-mail'.
 */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^\\s*${escapeRegExp(label)}(\\s*\\*)?\\s*$`));
}

export async function fill(scope: Page | Locator, label: string, value: string): Promise<void> {
  await field(scope, label).fill(value);
}

/** Clears a masked field (react-imask) and types into it key by key, as a person would. */
export async function typeMasked(scope: Page | Locator, label: string, value: string): Promise<void> {
  const input = field(scope, label);
  await input.click();
  await input.press('ControlOrMeta+A');
  await input.press('Backspace');
  await input.pressSequentially(value);
}

export function byRole(scope: Page | Locator, role: Role, name: string | RegExp): Locator {
  return scope.getByRole(role, { name, exact: typeof name === 'string' });
}

/** Clicks the element with this role and accessible name (exact when a string). */
export async function click(scope: Page | Locator, role: Role, name: string | RegExp): Promise<void> {
  await byRole(scope, role, name).click();
}

/** Picks an option of a MUI select (TextField select) by the select's label and the option's text. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: new RegExp(`^\\s*${escapeRegExp(label)}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The first visible match (a page can hold hidden twins, e.g. the phone and the desktop drawer). */
export function visible(locator: Locator): Locator {
  return locator.filter({ visible: true }).first();
}

/**
 * A data table by its name: the table on wider screens, its list of cards on a phone (the web's PaginatedTable and
 * the orders' lists show each row as a card there).
 */
export function dataTable(scope: Page | Locator, name: string): Locator {
  return visible(scope.getByRole('table', { name, exact: true }).or(scope.getByRole('list', { name, exact: true })));
}

/** The rows of such a table: its body's rows, or the cards. */
export function dataRows(table: Locator): Locator {
  return table.locator(':scope > tbody > tr, :scope > li');
}

/** Waits until (one match of) the locator is visible and asserts it. */
export async function expectVisible(locator: Locator, what?: string): Promise<void> {
  const first = visible(locator);
  // a match seen while the page re-renders (a list replaced by its new answer) can be gone a moment later, and its
  // successor not there yet: look again until one stays
  await eventually(async () => {
    await first.waitFor({ state: 'visible' });
    assert.ok(await first.isVisible(), `${what ?? String(locator)} should be visible`);
  });
}

/** Asserts that no match of the locator is (or remains) visible. */
export async function expectHidden(locator: Locator, what?: string): Promise<void> {
  await eventually(async () =>
    assert.equal(await visible(locator).count(), 0, `${what ?? String(locator)} should not be visible`),
  );
}

/** Asserts that some visible element shows exactly this text (or matches the RegExp). */
export async function expectText(scope: Page | Locator, text: string | RegExp): Promise<void> {
  await expectVisible(scope.getByText(text, { exact: typeof text === 'string' }), `the text ${String(text)}`);
}

/** Waits for the page's path (and optionally its query) and asserts it. */
export async function expectPath(page: Page, pathname: string, timeoutMs = 10_000): Promise<void> {
  await eventually(() => assert.equal(new URL(page.url()).pathname, pathname, `the page should be ${pathname}`), {
    timeoutMs,
  });
}

/** The helper text under a MUI field (its error message), read through aria-describedby. */
async function helperTextOf(scope: Page | Locator, label: string): Promise<string> {
  const input = field(scope, label);
  const id = await input.getAttribute('aria-describedby');
  assert.ok(id, `the field '${label}' has no helper text`);
  const page = isLocator(scope) ? scope.page() : scope;
  return normalizeSpace(await page.locator(`[id="${id.split(' ')[0]}"]`).textContent());
}

/** Asserts the error shown under a field, and that the field is marked invalid. */
export async function expectFieldError(scope: Page | Locator, label: string, message: string): Promise<void> {
  await eventually(async () => {
    assert.equal(await helperTextOf(scope, label), message, `the error under '${label}'`);
    assert.equal(await field(scope, label).getAttribute('aria-invalid'), 'true', `'${label}' should be invalid`);
  });
}

/** The global snackbar's alert (MUI Snackbar + Alert); `text` narrows to the one showing it. */
export function snackbar(page: Page, text?: string | RegExp): Locator {
  const alerts = page.locator('.MuiSnackbar-root [role="alert"]');
  return text === undefined ? alerts : alerts.filter({ hasText: text });
}

/** The value of a key in the page's localStorage. */
export function storedItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key);
}
