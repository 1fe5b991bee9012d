/**
 * The shell and its guards (spec 1 §2.1–2.3, §4.3, §8; spec 3 "Shell" and "Session"): the root redirect, the guest
 * header, the terms, login-only routes, the back office for staff only, expired and refused tokens, and the blocking
 * dialog for an unverified e-mail.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Request } from 'playwright-core';
import { apiLogin, craftToken } from '../lib/api';
import { DESKTOP, launchBrowser, PHONE, shot, shotBoth, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD } from '../lib/env';
import { expectDrawerShows, expectLoggedOut, loginThroughUi, openAccountDrawer } from '../lib/flows';
import { balancesOf, brlText, gramsText } from '../lib/money';
import {
  byRole,
  click,
  expectHidden,
  expectPath,
  expectText,
  expectVisible,
  normalizeSpace,
  snackbar,
  storedItem,
} from '../lib/ui';
import { eventually } from '../lib/wait';

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('Shell, sessão e rotas protegidas', () => {
  let browser: Browser;
  /** The demo customer's session, signed in once through the API (one code for this account in this file). */
  let customerToken: string;

  before(async () => {
    browser = await launchBrowser();
    customerToken = await apiLogin(DEMO.customer.email, DEMO_PASSWORD);
  });
  after(async () => {
    await browser?.close();
  });

  it('/ leva a /comprar-prata', async () => {
    await withPage(browser, { viewport: DESKTOP, name: 'root-redirect' }, async (page) => {
      const root = await page.goto('/');
      assert.equal(
        `${root?.status()} ${root?.headers()['content-type']?.split(';')[0]}`,
        '200 text/html',
        'GET / answers the web app',
      );
      await expectPath(page, '/comprar-prata');
      await expectVisible(byRole(page, 'heading', 'Como funciona'));
    });
  });

  it('o cabeçalho de visitante leva à prata física, a Entrar e a Criar conta', async () => {
    await withPage(browser, { viewport: DESKTOP, name: 'guest-header' }, async (page) => {
      await page.goto('/comprar-prata');
      const header = page.getByRole('banner');
      await expectVisible(byRole(header, 'link', 'Prata física'));
      for (const external of ['Joias', 'Refino e análise']) {
        const link = byRole(header, 'link', external);
        assert.match((await link.getAttribute('href')) ?? '', /^https?:\/\//, `${external} is an external site`);
        assert.equal(await link.getAttribute('target'), '_blank', `${external} opens in a new tab`);
      }
      await shotBoth(page, 'comprar-prata-guest');

      await click(header, 'link', 'Entrar');
      await expectPath(page, '/login');
      await expectVisible(byRole(page, 'heading', 'Entrar'));
      await click(header, 'link', 'Criar conta');
      await expectPath(page, '/register');
      await expectVisible(byRole(page, 'heading', 'Criar conta'));
      await click(header, 'link', 'Prata física');
      await expectPath(page, '/comprar-prata');
    });

    await withPage(browser, { viewport: PHONE, name: 'guest-header-phone' }, async (page) => {
      await page.goto('/comprar-prata');
      await click(page.getByRole('banner'), 'button', 'Abrir menu');
      const menu = page.getByRole('menu');
      await expectVisible(menu, 'the guest menu');
      const items = (await menu.getByRole('menuitem').allTextContents()).map(normalizeSpace);
      assert.deepEqual(items, ['Prata física', 'Joias', 'Refino e análise', 'Entrar', 'Criar conta']);
      await shot(page, 'comprar-prata-guest-menu-390x844'); // a phone-only menu
      await click(menu, 'menuitem', 'Criar conta');
      await expectPath(page, '/register');
      await click(page.getByRole('banner'), 'link', 'Entrar');
      await expectPath(page, '/login');
    });
  });

  it('/termos-de-uso mostra os termos, também a partir do cadastro', async () => {
    await withPage(browser, { viewport: DESKTOP, name: 'terms' }, async (page) => {
      await page.goto('/register');
      const [popup] = await Promise.all([page.context().waitForEvent('page'), click(page, 'link', 'termos de uso')]);
      await popup.waitForLoadState();
      await expectPath(popup, '/termos-de-uso');
      await expectVisible(byRole(popup, 'heading', 'Termos de uso'));
      await expectVisible(byRole(popup, 'heading', 'Termos de Uso da Plataforma Prata'), 'the terms from the server');
      await shotBoth(popup, 'termos-de-uso');
    });
  });

  it('/privacidade mostra a política publicada, o encarregado e a versão', async () => {
    await withPage(browser, { viewport: PHONE, name: 'privacy-policy' }, async (page) => {
      await page.goto('/privacidade');
      await expectVisible(byRole(page, 'heading', 'Política de privacidade'));
      await expectVisible(byRole(page, 'heading', 'Contato do encarregado'), 'the encarregado under the policy');
      await expectVisible(page.getByText(/^Versão .+, publicada em /), 'the version the server published');
      await shotBoth(page, 'politica-de-privacidade');
    });
  });

  it('rotas só para quem entrou levam quem não entrou a /login', async () => {
    await withPage(browser, { viewport: PHONE, name: 'guards' }, async (page) => {
      await page.goto('/register/finish');
      await expectPath(page, '/login');
      await expectVisible(byRole(page, 'heading', 'Entrar'));
      await page.goto('/admin');
      await expectPath(page, '/login');
      await expectVisible(byRole(page, 'heading', 'Entrar'));
    });
  });

  it('cliente entra direto com o token salvo, mas não vê o back office', async () => {
    await withPage(browser, { viewport: DESKTOP, name: 'admin-forbidden', token: customerToken }, async (page) => {
      await page.goto('/comprar-prata');
      await expectPath(page, '/comprar-prata');
      const drawer = await openAccountDrawer(page);
      // the demo customer has demo money (deposits and withdrawals seeded through the money paths)
      const balances = await balancesOf(customerToken);
      await expectDrawerShows(drawer, DEMO.customer.name, brlText(balances.brl), gramsText(balances.grams));
      assert.equal(await drawer.getByRole('link', { name: 'Back office' }).count(), 0, 'no back office tile');

      await page.goto('/admin');
      await expectText(page, 'Você não tem permissão para acessar esta área.');
      await expectHidden(page.getByRole('table', { name: 'Registro de auditoria' }), 'the audit log');
      await shotBoth(page, 'admin-forbidden');
      await click(page, 'link', 'Voltar ao Prata');
      await expectPath(page, '/comprar-prata');
    });
  });

  it('operador entra pela tela de login e vê o registro de auditoria em /admin', { timeout: 60_000 }, async () => {
    await withPage(browser, { viewport: DESKTOP, name: 'admin-audit-log' }, async (page) => {
      await loginThroughUi(page, DEMO.operator.email, DEMO_PASSWORD);
      // staff land in the back office, not on the customer onboarding
      await expectPath(page, '/admin/clientes');
      const nav = page.getByRole('navigation', { name: 'Back office' });
      await expectVisible(nav, 'the back office navigation');
      await eventually(() =>
        assert.match(new URL(page.url()).pathname, /^\/admin\/./, 'the back office opens on one of its pages'),
      );
      await click(nav, 'link', 'Registro de auditoria');
      await expectPath(page, '/admin/auditoria');
      await expectVisible(byRole(page, 'heading', 'Registro de auditoria'));
      const table = page.getByRole('table', { name: 'Registro de auditoria' });
      await expectVisible(table, 'the audit log table');
      const columns = (await table.getByRole('columnheader').allTextContents()).map(normalizeSpace);
      assert.deepEqual(columns, ['Data', 'Autor', 'Ação', 'Alvo', 'Detalhes']);
      await shotBoth(page, 'admin-audit-log');
    });
  });

  it('um token vencido não sai do navegador: a próxima chamada leva a /login', async () => {
    const expired = craftToken({ sub: '1', iat: nowSeconds() - 7200, exp: nowSeconds() - 3600 });
    await withPage(browser, { viewport: PHONE, name: 'expired-token', token: expired }, async (page) => {
      const sent: Request[] = [];
      page.on('request', (request) => {
        if (request.headers().authorization?.includes(expired)) sent.push(request);
      });
      await page.goto('/register/finish');
      await expectPath(page, '/login');
      await expectVisible(byRole(page, 'heading', 'Entrar'));
      assert.equal(await storedItem(page, 'authToken'), null, 'the expired token is removed');
      await shotBoth(page, 'login-after-expired-token');
      assert.deepEqual(
        sent.map((r) => r.url()),
        [],
        'no request carried the expired token',
      );
    });
  });

  it('um token recusado pelo servidor (401) também leva a /login', async () => {
    const forged = craftToken({ sub: '1', iat: nowSeconds(), exp: nowSeconds() + 3600 });
    await withPage(browser, { viewport: DESKTOP, name: 'refused-token', token: forged }, async (page) => {
      const refused = page.waitForResponse((r) => r.url().includes('/api/') && r.status() === 401);
      await page.goto('/register/finish');
      await refused;
      await expectPath(page, '/login');
      await expectVisible(byRole(page, 'heading', 'Entrar'));
      assert.equal(await storedItem(page, 'authToken'), null, 'the refused token is removed');
    });
  });

  // Last: 'Sair' ends the customer's session used above.
  it('com o e-mail não verificado, um diálogo bloqueia o app até reenviar ou sair', async () => {
    await withPage(browser, { viewport: PHONE, name: 'unverified-email', token: customerToken }, async (page) => {
      // Every verified account is verified for good, so the server's answer for the user is changed in flight: this
      // checks what the shell does with an unverified user (spec 1 §4.3), not how one comes to exist.
      await page.route('**/api/user', async (route) => {
        if (route.request().method() !== 'GET') return route.fallback();
        const response = await route.fetch();
        const body = (await response.json()) as { user: Record<string, unknown> };
        await route.fulfill({ response, json: { user: { ...body.user, email_verified_at: null } } });
      });
      await page.goto('/comprar-prata');
      const dialog = page.getByRole('dialog', { name: 'Confirme seu e-mail' });
      await expectVisible(dialog, 'the blocking dialog');
      assert.match(normalizeSpace(await dialog.textContent()), new RegExp(DEMO.customer.email.replace('.', '\\.')));
      await page.keyboard.press('Escape');
      await page.mouse.click(5, 400);
      await expectVisible(dialog, 'the dialog cannot be dismissed');
      await shotBoth(page, 'unverified-email-dialog');

      await click(dialog, 'button', 'Reenviar e-mail');
      await expectVisible(snackbar(page), 'the answer to the resend');
      await click(dialog, 'button', 'Sair');
      await expectLoggedOut(page);
    });
  });
});
