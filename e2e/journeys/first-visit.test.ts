/**
 * A visitor's first visit to /comprar-prata: the server's painted
 * page is the page until the visitor uses a control that needs the app. The app's files are fetched once the page is
 * painted but not run; a tap, Enter or a screen reader's click on the menu or the chat boots the app, which then opens
 * what was asked. A signed-in customer's app boots at once (their page shows balances).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiLogin, createAccount } from '../lib/api';
import { DESKTOP, launchBrowser, PHONE, shot, withPage } from '../lib/browser';
import { uniqueEmail } from '../lib/env';
import { byRole, expectHidden, expectVisible, normalizeSpace } from '../lib/ui';
import { eventually } from '../lib/wait';

/** The app's module script (Vite's entry): requested only when the app boots. */
const ENTRY = /^\/assets\/index-[\w-]+\.js$/;
const CHUNK = /^\/assets\/react-[\w-]+\.js$/;

/** Every path the page asks for, in order. */
function requests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

const painted = (page: Page) => page.locator('[data-prata-static]');

/** The painted page is on screen and its app's files came, but the app did not run. */
async function expectPaintedOnly(page: Page, paths: string[]): Promise<void> {
  await eventually(() =>
    assert.ok(
      paths.some((p) => CHUNK.test(p)),
      "the app's chunks are fetched once painted",
    ),
  );
  // the loader says when it has asked for every file and rests until a control needs the app
  await page.locator('html[data-prata-files="asked"]').waitFor({ state: 'attached' });
  await page.waitForLoadState('load');
  assert.equal(paths.filter((p) => ENTRY.test(p)).length, 0, "the app's module script is not asked for");
  assert.equal(await painted(page).count(), 1, 'the painted page is still the page');
}

describe('A primeira visita a /comprar-prata', () => {
  let browser: Browser;

  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('um visitante vê a página pintada; o menu liga o app e abre, onde ele estava', async () => {
    await withPage(browser, { viewport: PHONE, name: 'first-visit-menu' }, async (page) => {
      const paths = requests(page);
      await page.goto('/comprar-prata');
      await expectPaintedOnly(page, paths);
      await expectVisible(byRole(page, 'link', /^Comprar /));
      await shot(page, 'first-visit-painted-390x844');

      // scrolled down to "Como funciona", the visitor taps the (sticky) header's menu
      await page.getByRole('heading', { name: 'Como funciona' }).scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      assert.ok(scrolled > 500, 'scrolled down the page');
      await byRole(page.getByRole('banner'), 'button', 'Abrir menu').click();
      const menu = page.getByRole('menu');
      await expectVisible(menu, 'the guest menu, opened by the app');
      assert.ok(
        paths.some((p) => ENTRY.test(p)),
        'the app booted',
      );
      assert.equal(await painted(page).count(), 0, "React's page replaced the painted one");
      const items = (await menu.getByRole('menuitem').allTextContents()).map(normalizeSpace);
      assert.deepEqual(items, ['Prata física', 'Joias', 'Refino e análise', 'Entrar', 'Criar conta']);
      const now = await page.evaluate(() => window.scrollY);
      assert.ok(Math.abs(now - scrolled) < 40, `the page stays where it was (${scrolled} → ${now})`);
      await shot(page, 'first-visit-menu-390x844');
    });
  });

  it('pelo teclado: Enter no botão do menu liga o app, abre o menu e o foco volta ao botão', async () => {
    await withPage(browser, { viewport: PHONE, name: 'first-visit-keyboard' }, async (page) => {
      const paths = requests(page);
      await page.goto('/comprar-prata');
      await expectPaintedOnly(page, paths);
      await byRole(page, 'button', 'Abrir menu').focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await expectVisible(menu);
      await eventually(async () =>
        assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('role')), 'menuitem'),
      );
      await page.keyboard.press('Escape');
      await expectHidden(menu);
      await eventually(async () =>
        assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Abrir menu'),
      );
    });
  });

  it('o botão do Auro liga o app e abre o chat; os links são links', async () => {
    await withPage(browser, { viewport: DESKTOP, name: 'first-visit-chat' }, async (page) => {
      const paths = requests(page);
      await page.goto('/comprar-prata');
      await expectPaintedOnly(page, paths);
      await shot(page, 'first-visit-painted-1366x900');
      await byRole(page, 'button', 'Abrir o chat com o Auro').click();
      await expectVisible(byRole(page, 'dialog', 'Chat com o Auro'), "Auro's chat, opened by the app");
      assert.equal(await painted(page).count(), 0);
      await shot(page, 'first-visit-chat-1366x900');
    });
    await withPage(browser, { viewport: DESKTOP, name: 'first-visit-link' }, async (page) => {
      const paths = requests(page);
      await page.goto('/comprar-prata');
      await expectPaintedOnly(page, paths);
      // a plain link: the browser goes to the sign-in page (the app boots there)
      await byRole(page.getByRole('banner'), 'link', 'Entrar').click();
      await expectVisible(byRole(page, 'heading', 'Entrar'));
      assert.equal(new URL(page.url()).pathname, '/login');
    });
  });

  it('um cliente com sessão tem o app ligado de imediato', async () => {
    const account = await createAccount({ name: 'Cliente Primeira Visita', email: uniqueEmail('first-visit') });
    const token = await apiLogin(account.email, account.password);
    await withPage(browser, { viewport: PHONE, name: 'first-visit-signed-in', token }, async (page) => {
      const paths = requests(page);
      await page.goto('/comprar-prata');
      await eventually(() =>
        assert.ok(
          paths.some((p) => ENTRY.test(p)),
          'the app boots without a tap',
        ),
      );
      await eventually(async () => assert.equal(await painted(page).count(), 0, "React's page is there"));
      await expectHidden(byRole(page, 'link', 'Criar conta'), "the visitor's header");
    });
  });
});
