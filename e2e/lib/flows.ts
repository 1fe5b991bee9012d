import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiLogin } from './api';
import { launchBrowser, shotBoth } from './browser';
import { DEMO, DEMO_PASSWORD } from './env';
import { lastMessageId, latestCode } from './outbox';
import { byRole, click, expectPath, expectVisible, fill, normalizeSpace, visible } from './ui';
import { eventually } from './wait';

/** MUI's md breakpoint: below it the account drawer is a temporary one behind the menu button. */
const MD = 900;

/**
 * /login step 1: e-mail and password, then 'Entrar'. Ends on the method choice ('Verificação em duas etapas') unless
 * the caller expects something else (a closed account, an unverified e-mail).
 */
export async function submitCredentials(page: Page, email: string, password: string): Promise<void> {
  await fill(page, 'E-mail', email);
  await fill(page, 'Senha', password);
  await click(page, 'button', 'Entrar');
}

/**
 * The rest of the two-step sign-in from the method choice: choose e-mail, read the code from the outbox, type it.
 * `shots` names screenshots of the method and code screens. Sends one code (one per account per 60 s).
 */
export async function finishLoginWithEmailCode(page: Page, email: string, shots?: string): Promise<void> {
  await expectVisible(byRole(page, 'heading', 'Verificação em duas etapas'));
  const emailOption = page.getByRole('button', { name: /^E-mail/ });
  await expectVisible(emailOption);
  assert.match(normalizeSpace(await emailOption.textContent()), new RegExp(email.slice(0, 20).replace(/\./g, '\\.')));
  if (shots) await shotBoth(page, `${shots}-method`);
  const after = await lastMessageId(email);
  await emailOption.click();
  await expectVisible(byRole(page, 'heading', 'Digite o código'));
  // the resend waits 60 s with a visible countdown (spec 1 §4.3)
  const resend = page.getByRole('button', { name: /^Reenviar código em \d+ s$/ });
  await expectVisible(resend, 'the resend countdown');
  assert.equal(await resend.isDisabled(), true, 'resend is disabled during the countdown');
  const code = await latestCode(email, { after });
  if (shots) await shotBoth(page, `${shots}-code`);
  // the sixth digit submits the code by itself
  await fill(page, 'Código de verificação', code);
}

/** The whole sign-in through the UI from /login. */
export async function loginThroughUi(page: Page, email: string, password: string, shots?: string): Promise<void> {
  await page.goto('/login');
  await expectVisible(byRole(page, 'heading', 'Entrar'));
  await submitCredentials(page, email, password);
  await finishLoginWithEmailCode(page, email, shots);
}

/** The signed-in account drawer, opened with the menu button on phones (it is always open on desktops). */
export async function openAccountDrawer(page: Page): Promise<Locator> {
  const width = page.viewportSize()?.width ?? 1366;
  if (width < MD) await click(page, 'button', 'Abrir menu');
  const drawer = visible(page.locator('.MuiDrawer-paper').filter({ hasText: 'Saldo em reais' }));
  await expectVisible(drawer, 'the account drawer');
  return drawer;
}

/** Asserts the drawer's greeting and balances once the user has loaded. */
export async function expectDrawerShows(drawer: Locator, name: string, brl: string, grams: string): Promise<void> {
  await eventually(async () => {
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text keeps label and value apart
    const text = normalizeSpace(await drawer.innerText());
    assert.ok(text.includes(name), `the drawer greets ${name}: ${text}`);
    assert.ok(text.includes(`Saldo em reais ${brl}`), `the drawer shows ${brl} in reais: ${text}`);
    assert.ok(text.includes(`Saldo em prata ${grams}`), `the drawer shows ${grams} of silver: ${text}`);
  });
}

/** After a logout: on /login with no token left. */
export async function expectLoggedOut(page: Page): Promise<void> {
  await expectPath(page, '/login');
  await expectVisible(byRole(page, 'heading', 'Entrar'));
  assert.equal(await page.evaluate(() => localStorage.getItem('authToken')), null, 'the token is removed');
}

/** What most journey files share: one browser for the file's tests, and the demo operator signed in by the API. */
export type JourneyContext = { browser: Browser; operatorToken: string };

/**
 * Opens the file's browser and signs the demo operator in before its tests, and closes the browser after them
 * (node:test hooks of the calling file). Its fields are there once the tests run.
 */
export function journeyContext(): JourneyContext {
  const context = {} as JourneyContext;
  before(async () => {
    context.browser = await launchBrowser();
    context.operatorToken = await apiLogin(DEMO.operator.email, DEMO_PASSWORD);
  });
  after(async () => {
    await context.browser?.close();
  });
  return context;
}
