/**
 * Journey: what fingers and browsers do to the sign-in screens, on a phone. A double click on 'Criar conta'
 * creates one account and never says the e-mail is taken; /login opens with the keyboard on the e-mail; a session
 * that expires while an amount is typed on /ordens says 'Sua sessão expirou', and after the sign-in the person is
 * back on /ordens with the amount still there and no stale 'Enviamos um código' notice.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiLogin } from '../lib/api';
import { launchBrowser, PHONE, shotBoth, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from '../lib/env';
import { finishLoginWithEmailCode, submitCredentials } from '../lib/flows';
import { approvedCustomer, openOrdersTab, orderForm } from '../lib/orders';
import { outbox } from '../lib/outbox';
import {
  byRole,
  expectPath,
  expectText,
  expectVisible,
  field,
  fill,
  snackbar,
  storedItem,
  typeMasked,
} from '../lib/ui';
import { eventually, watchCalls } from '../lib/wait';

const EXPIRED = 'Sua sessão expirou. Entre novamente para continuar.';
const TAKEN = 'Este e-mail já está cadastrado.';

/** The stored token with its `exp` moved into the past (the signature no longer matters: it is never sent). */
async function expireStoredToken(page: Page): Promise<void> {
  await page.evaluate(() => {
    const token = localStorage.getItem('authToken');
    if (!token) throw new Error('no stored token');
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(atob(payload!.replace(/-/g, '+').replace(/_/g, '/')));
    claims.exp = Math.floor(Date.now() / 1000) - 10;
    const encoded = btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    localStorage.setItem('authToken', `${header}.${encoded}.${signature}`);
  });
}

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name') ?? null);

describe('Confiança na tela: cadastro, login e sessão', () => {
  let browser: Browser;
  let operatorToken: string;
  before(async () => {
    browser = await launchBrowser();
    operatorToken = await apiLogin(DEMO.operator.email, DEMO_PASSWORD);
  });
  after(async () => {
    await browser?.close();
  });

  it('um clique duplo em "Criar conta" cria uma conta só, sem "já está cadastrado"', { timeout: 90_000 }, async () => {
    const email = uniqueEmail('duplo');
    await withPage(browser, { viewport: PHONE, name: 'session-trust-register' }, async (page) => {
      await page.goto('/register');
      await expectVisible(byRole(page, 'heading', 'Criar conta'));
      await fill(page, 'Nome completo', 'Clara Duplo Clique');
      await fill(page, 'E-mail', email);
      await fill(page, 'Confirme o e-mail', email);
      await fill(page, 'Senha', 'prata-segura-2024');
      await fill(page, 'Confirme a senha', 'prata-segura-2024');
      await page.getByRole('checkbox', { name: /Li e aceito os termos de uso/ }).check();
      const calls = watchCalls(page);
      await byRole(page, 'button', 'Criar conta').dblclick();

      const panel = page.getByRole('region', { name: 'Verificação de e-mail' });
      await expectVisible(panel, "the 'Verificação de e-mail' panel");
      // a late second answer would show the refusal: every answer has arrived before the screen is read
      await calls.settled();
      assert.equal(calls.count('POST /api/register'), 1, 'one registration sent');
      assert.equal(await page.getByText(TAKEN).count(), 0, 'no "já está cadastrado" anywhere');
      assert.equal(await snackbar(page, TAKEN).count(), 0, 'no refusal in the snackbar');
      await shotBoth(page, 'session-trust-register-double-click');
    });
    // one account: one verification e-mail was queued for this address
    const messages = await outbox(email);
    assert.equal(messages.length, 1, `one verification e-mail, got ${messages.length}`);
  });

  it('/login abre com o cursor no e-mail', { timeout: 60_000 }, async () => {
    await withPage(browser, { viewport: PHONE, name: 'session-trust-autofocus' }, async (page) => {
      await page.goto('/login');
      await expectVisible(byRole(page, 'heading', 'Entrar'));
      await eventually(async () => assert.equal(await focusedName(page), 'email', 'the e-mail field has the focus'));
    });
  });

  it('a sessão expira com um valor digitado em /ordens: aviso, login e volta com o valor', {
    timeout: 150_000,
  }, async () => {
    const person = { name: 'Rafael Sessão Expirada', email: uniqueEmail('expirou') };
    const { token } = await approvedCustomer(person, operatorToken, 0);
    await withPage(browser, { viewport: PHONE, name: 'session-trust-expired', token }, async (page) => {
      await page.goto('/ordens?origem=teste');
      await page.getByRole('tab', { name: 'Quero comprar' }).waitFor({ timeout: 30_000 });
      await openOrdersTab(page, 'Quero comprar');
      const form = orderForm(page, 'buy');
      await expectVisible(form);
      await typeMasked(form, 'Preço por grama', '9,05');
      await typeMasked(form, 'Quantidade', '2');
      await field(form, 'Quantidade').blur();
      const typedPrice = await field(form, 'Preço por grama').inputValue();
      const typedQuantity = await field(form, 'Quantidade').inputValue();
      assert.ok(typedQuantity.startsWith('2'), `the quantity is typed: ${typedQuantity}`);

      // the token's time runs out while the person is away; they come back to the tab
      await expireStoredToken(page);
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));

      await expectPath(page, '/login');
      await expectText(page, EXPIRED);
      assert.equal(await storedItem(page, 'authToken'), null, 'the expired token is gone');
      await eventually(async () => assert.equal(await focusedName(page), 'email', 'the e-mail field has the focus'));
      await shotBoth(page, 'session-trust-expired-login');

      // approvedCustomer's account has createAccount's default password
      await submitCredentials(page, person.email, 'senha-forte-123');
      await finishLoginWithEmailCode(page, person.email);

      // back where they were, query included, with what they had typed
      await expectPath(page, '/ordens');
      assert.equal(new URL(page.url()).search, '?origem=teste', 'the query came back too');
      await page.getByRole('tab', { name: 'Quero comprar' }).waitFor({ timeout: 30_000 });
      const again = orderForm(page, 'buy');
      await expectVisible(again);
      await eventually(async () => {
        assert.equal(await field(again, 'Quantidade').inputValue(), typedQuantity, 'the quantity is still there');
        assert.equal(await field(again, 'Preço por grama').inputValue(), typedPrice, 'the price is still there');
      });
      // the sign-in's "Enviamos um código…" does not follow the person into the app (it closes at the sign-in,
      // not 5 seconds later by itself)
      assert.equal(await snackbar(page, /Enviamos um código/).count(), 0, 'no stale code notice');
      await shotBoth(page, 'session-trust-back-on-ordens');
    });
  });
});
