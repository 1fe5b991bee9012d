/**
 * Journey: "Pedir eliminação" (docs/privacy.md "Eliminação").
 *
 * Maria, the demo customer, holds reais and silver: the tab tells her why she cannot ask yet and the button is off; the
 * API refuses her with the same reasons. A new customer with zero balances reads what goes and what stays until when,
 * confirms with her password, is signed out and sees the confirmation; the password step then refuses her with the
 * erased account's message. The back office's privacy queue lists the erasure, answered.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MESSAGES } from '@prata/domain';
import type { Browser } from 'playwright-core';
import { ApiError, apiCall, apiLogin, createAccount, idempotentCall } from '../lib/api';
import { DESKTOP, launchBrowser, PHONE, shotBoth, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from '../lib/env';
import { submitCredentials } from '../lib/flows';
import { completeIndividualRegistration, randomCpf } from '../lib/meus-dados';
import { byRole, click, expectPath, expectText, expectVisible, snackbar } from '../lib/ui';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

describe('Pedir eliminação', () => {
  it('refuses a customer with a balance, with the reason', { timeout: 120_000 }, async () => {
    const token = await apiLogin(DEMO.customer.email, DEMO_PASSWORD);
    const status = await apiCall<{ allowed: boolean; reasons: Array<{ code: string; message: string }> }>(
      'GET',
      '/privacy/erasure',
      undefined,
      token,
    );
    assert.equal(status.allowed, false);
    assert.ok(
      status.reasons.some((r) => r.code === 'balance_brl' || r.code === 'balance_ag'),
      JSON.stringify(status.reasons),
    );
    await withPage(browser, { viewport: PHONE, token, name: 'erasure-refused' }, async (page) => {
      await page.goto('/meus-dados/privacidade-e-dados');
      await expectVisible(byRole(page, 'heading', 'Pedir eliminação'));
      await expectText(page, 'Ainda não é possível pedir a eliminação:');
      for (const reason of status.reasons) await expectText(page, reason.message);
      const button = byRole(page, 'button', 'Pedir eliminação dos meus dados');
      assert.equal(await button.isDisabled(), true, 'the button is off while a reason remains');
      await shotBoth(page, 'privacidade-eliminacao-recusada');
    });
    await assert.rejects(idempotentCall('POST', '/privacy/erasure', { password: DEMO_PASSWORD }, token), (err) => {
      assert.ok(err instanceof ApiError, String(err));
      assert.equal(err.status, 409);
      assert.equal(err.code, 'ERASURE_NOT_ALLOWED');
      const reasons = (err.body as { reasons: Array<{ code: string }> }).reasons;
      assert.ok(
        reasons.some((r) => r.code === 'balance_brl'),
        JSON.stringify(reasons),
      );
      return true;
    });
  });

  it('erases a customer with zero balances, who is signed out and cannot sign in; the queue shows it', {
    timeout: 180_000,
  }, async () => {
    const account = await createAccount({ name: 'Helena Apagada Souza', email: uniqueEmail('eliminacao') });
    const token = await apiLogin(account.email, account.password);
    await completeIndividualRegistration(token, {
      name: account.name,
      cpf: randomCpf(),
      nascimento: '1990-03-14',
      celular: '21998765432',
    });

    await withPage(browser, { viewport: PHONE, token, name: 'erasure-done' }, async (page) => {
      await page.goto('/meus-dados/privacidade-e-dados');
      await expectVisible(byRole(page, 'heading', 'Pedir eliminação'));
      await expectText(page, 'O que será eliminado');
      await expectText(page, /Suas operações: .*: até \d{2}\/\d{2}\/\d{4}\./);
      await shotBoth(page, 'privacidade-eliminacao');

      await click(page, 'button', 'Pedir eliminação dos meus dados');
      const dialog = byRole(page, 'dialog', 'Eliminar seus dados pessoais?');
      await expectVisible(dialog);
      await dialog.getByLabel('Senha', { exact: false }).first().fill(account.password);
      await shotBoth(page, 'privacidade-eliminacao-confirmar');
      await click(dialog, 'button', 'Eliminar meus dados');

      await expectPath(page, '/conta-eliminada', 20_000);
      await expectVisible(byRole(page, 'heading', 'Dados eliminados'));
      await expectText(page, MESSAGES.erasureDone);
      assert.equal(await page.evaluate(() => localStorage.getItem('authToken')), null, 'signed out');
      await shotBoth(page, 'conta-eliminada');

      await page.goto('/login');
      await submitCredentials(page, account.email, account.password);
      await expectVisible(snackbar(page, /Esta conta foi eliminada/), 'the erased account is refused');
    });

    const operatorToken = await apiLogin(DEMO.operator.email, DEMO_PASSWORD);
    await withPage(browser, { viewport: DESKTOP, token: operatorToken, name: 'erasure-queue' }, async (page) => {
      await page.goto('/admin/privacidade');
      await expectVisible(byRole(page, 'heading', 'Privacidade'));
      await click(page, 'tab', 'Todos');
      const queue = byRole(page, 'table', /Pedidos de titulares/);
      const row = queue.getByRole('row').filter({ hasText: `eliminado-${account.id}@eliminado.invalid` });
      await expectVisible(row.first(), 'the erasure in the queue');
      await expectText(row.first(), /Eliminação/);
      await expectText(row.first(), /Respondido/);
    });
  });
});
