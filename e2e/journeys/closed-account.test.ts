/**
 * Journey: a customer whose account was closed comes back (spec 1 §2.9, §4.3, §8): the password step answers with
 * the snackbar 'Sua conta foi encerrada em dd/mm/aaaa' and 'Reabrir conta' → reopened → full sign-in with a code →
 * home.
 *
 * The account is closed through the API (PUT /api/user/close-account, spec 2), which needs a session: that costs
 * this account one sign-in code, and the server allows the next one only CODE_RESEND_SECONDS later (3 s in the
 * journeys, the spec's 60 s otherwise). The journey does its other checks first and then waits out the rest.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { apiCall, apiLogin, createAccount } from '../lib/api';
import { launchBrowser, PHONE, shotBoth, withPage } from '../lib/browser';
import { uniqueEmail } from '../lib/env';
import { expectDrawerShows, finishLoginWithEmailCode, openAccountDrawer, submitCredentials } from '../lib/flows';
import { completeIndividualRegistration, randomCpf, waitForNextCode } from '../lib/meus-dados';
import { lastMessageId } from '../lib/outbox';
import { byRole, click, expectHidden, expectPath, expectVisible, snackbar } from '../lib/ui';
import { eventually } from '../lib/wait';

/** dd/mm/aaaa of an instant, on Brazil's calendar. */
function brazilDate(iso: string): string {
  return new Date(iso).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
}

describe('Conta encerrada', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('mostra a data de encerramento, reabre a conta e entra de novo', { timeout: 180_000 }, async () => {
    // ---- an account with a complete registration, closed by its owner
    const account = await createAccount({ name: 'Lúcia Ferreira Gomes', email: uniqueEmail('encerrada') });
    const firstCodeAt = Date.now();
    const token = await apiLogin(account.email, account.password);
    await completeIndividualRegistration(token, {
      name: account.name,
      cpf: randomCpf(),
      nascimento: '1985-07-21',
      celular: '21998761234',
    });
    await apiCall('PUT', '/user/close-account', undefined, token);

    await withPage(browser, { viewport: PHONE, name: 'closed-account' }, async (page) => {
      const closedAnswer = page.waitForResponse((r) => r.url().endsWith('/api/login') && r.status() === 403);
      await page.goto('/login');

      // ---- a wrong password does not tell that the account exists, let alone that it is closed
      await submitCredentials(page, account.email, 'senha-errada-123');
      await expectVisible(page.getByText('E-mail ou senha incorretos.'));
      assert.equal(await snackbar(page, /encerrada/).count(), 0, 'no closure notice for a wrong password');

      // ---- the right password: the closure date and 'Reabrir conta'
      await submitCredentials(page, account.email, account.password);
      const { closed_at: closedAt } = (await (await closedAnswer).json()) as { closed_at: string };
      const notice = snackbar(page, `Sua conta foi encerrada em ${brazilDate(closedAt)}`);
      await expectVisible(notice, 'the closure notice with the date');
      await expectHidden(byRole(page, 'heading', 'Verificação em duas etapas'), 'no code for a closed account');
      await shotBoth(page, 'login-closed-account');

      // by keyboard: F8 takes the focus from the form to the notice's action
      await page.keyboard.press('F8');
      const reopen = notice.getByRole('button', { name: 'Reabrir conta' });
      await eventually(async () =>
        assert.equal(await reopen.evaluate((el) => el === document.activeElement), true, 'F8 reaches the action'),
      );
      await page.keyboard.press('Enter');
      await expectVisible(snackbar(page, /reaberta/i), 'the reopening message from the server');
      await shotBoth(page, 'login-account-reopened');

      // ---- a full sign-in, once the server accepts a new code for this account
      await waitForNextCode(firstCodeAt);
      const before = await lastMessageId(account.email);
      await click(page, 'button', 'Entrar');
      await finishLoginWithEmailCode(page, account.email);
      await expectPath(page, '/comprar-prata');
      const drawer = await openAccountDrawer(page);
      await expectDrawerShows(drawer, account.name, 'R$ 0,00', '0,00 g');
      assert.ok((await lastMessageId(account.email)) > before, 'a new code was sent');
    });
  });

  it('a data de encerramento é a do calendário do Brasil, também perto da meia-noite', async () => {
    // 01:30 UTC on 22/11/2026 is still 21/11/2026 (22:30) in São Paulo. The server's 403 is replaced in flight
    // so that the check does not depend on the hour the suite runs.
    const closedAt = '2026-11-22T01:30:00.000Z';
    await withPage(browser, { viewport: PHONE, name: 'closed-account-date' }, async (page) => {
      await page.route('**/api/login', (route) =>
        route.fulfill({
          status: 403,
          contentType: 'application/json',
          json: { code: 'ACCOUNT_CLOSED', message: 'Sua conta foi encerrada.', closed_at: closedAt },
        }),
      );
      await page.goto('/login');
      await submitCredentials(page, 'alguem@e2e.prata.dev', 'qualquer-senha-1');
      await expectVisible(snackbar(page, /Sua conta foi encerrada em/), 'the closure notice');
      const text = (await snackbar(page, /Sua conta foi encerrada em/).textContent()) ?? '';
      assert.match(text, /Sua conta foi encerrada em 21\/11\/2026/, `the date in Brazil: ${text}`);
    });
  });
});
