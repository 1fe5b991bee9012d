/**
 * Screens of this issue that no other journey visits, at 390×844 and 1366×900 (the other journeys take their
 * screenshots as they go): the sign-in form with its errors, a verification link that does not work, an unknown
 * address, and the local mailbox /dev/caixa-postal, used here the way a developer uses it: the reset link is
 * clicked inside the e-mail.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, PHONE, shotBoth, withPage } from '../lib/browser';
import { DEMO } from '../lib/env';
import { lastMessageId, latestLink } from '../lib/outbox';
import {
  byRole,
  click,
  expectFieldError,
  expectPath,
  expectText,
  expectVisible,
  field,
  fill,
  normalizeSpace,
} from '../lib/ui';
import { eventually } from '../lib/wait';

describe('Telas avulsas e a caixa postal local', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('/login vazio mostra os erros de e-mail e senha', async () => {
    await withPage(browser, { viewport: PHONE, name: 'login-errors' }, async (page) => {
      await page.goto('/login');
      await click(page, 'button', 'Entrar');
      await expectFieldError(page, 'E-mail', 'Informe seu e-mail');
      await expectFieldError(page, 'Senha', 'Informe sua senha');
      await fill(page, 'E-mail', 'maria@');
      await click(page, 'button', 'Entrar');
      await expectFieldError(page, 'E-mail', 'Informe um e-mail válido');
      await shotBoth(page, 'login-errors');
    });
  });

  it('um link de verificação inválido explica o problema e leva ao login', async () => {
    await withPage(browser, { viewport: PHONE, name: 'verify-invalid' }, async (page) => {
      await page.goto('/email/verify/token-que-nao-existe');
      await expectVisible(byRole(page, 'heading', 'Verificação de e-mail'));
      await expectVisible(page.getByRole('alert').filter({ hasText: /inválido ou expirado/ }), 'the failure');
      await shotBoth(page, 'email-verify-invalid');
      await click(page, 'link', 'Ir para o login');
      await expectPath(page, '/login');
    });
  });

  it('um endereço desconhecido mostra "Página não encontrada"', async () => {
    await withPage(browser, { viewport: DESKTOP, name: 'not-found' }, async (page) => {
      await page.goto('/pagina-que-nao-existe');
      await expectVisible(byRole(page, 'heading', 'Página não encontrada'));
      await shotBoth(page, 'not-found');
      await click(page.getByRole('main'), 'link', 'Ir para o início');
      await expectPath(page, '/comprar-prata');
    });
  });

  it('/dev/caixa-postal lista as mensagens e abre o link de dentro do e-mail', async () => {
    await withPage(browser, { viewport: DESKTOP, name: 'caixa-postal' }, async (page) => {
      // a reset e-mail for the demo company (its password does not change unless the link is used)
      const email = DEMO.company.email;
      const after = await lastMessageId(email);
      await page.goto('/login');
      await click(page, 'button', 'Esqueci a senha');
      const dialog = page.getByRole('dialog', { name: 'Esqueci a senha' });
      await fill(dialog, 'E-mail', email);
      await click(dialog, 'button', 'Enviar link');
      const link = await latestLink(email, '/password/reset/', { after });

      await page.goto('/dev/caixa-postal');
      await expectVisible(byRole(page, 'heading', 'Caixa postal'));
      await expectVisible(page.getByRole('list', { name: 'Mensagens' }), 'every message sent so far');
      await shotBoth(page, 'dev-caixa-postal');

      await fill(page, 'E-mail ou celular', email);
      await click(page, 'button', 'Buscar');
      const messages = page.getByRole('list', { name: 'Mensagens' });
      // the list as the search answers it (every message shows until then): only messages to this address
      await eventually(async () => {
        const lines = await messages.getByRole('button').allTextContents();
        assert.ok(lines.length > 0, 'the search finds the messages');
        for (const line of lines) {
          assert.ok(normalizeSpace(line).includes(email), `only messages to ${email}: ${line}`);
        }
      });
      await expectText(messages, 'Redefinição de senha do Prata');
      await messages.getByRole('button').first().click();
      const viewer = page.getByRole('dialog', { name: 'Redefinição de senha do Prata' });
      await expectVisible(viewer, 'the message');
      await shotBoth(page, 'dev-caixa-postal-message');

      const mail = page.frameLocator('iframe[title="Redefinição de senha do Prata"]');
      const reset = mail.getByRole('link', { name: 'Redefinir senha' });
      await reset.click();
      // the link opens in this window; a click the busy machine lost (once in a full CI run: the dialog still opening)
      // is made again, as a person would
      const target = new URL(link).pathname;
      await eventually(
        async () => {
          if (new URL(page.url()).pathname === '/dev/caixa-postal')
            await reset.click({ timeout: 3_000 }).catch(() => {});
          assert.equal(new URL(page.url()).pathname, target, `the page should be ${target}`);
        },
        { timeoutMs: 20_000, intervalMs: 1_000 },
      );
      await expectVisible(byRole(page, 'heading', 'Criar nova senha'));
      assert.equal(await field(page, 'E-mail').inputValue(), email, 'the e-mail from the link');
    });
  });
});
