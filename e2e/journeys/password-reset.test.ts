/**
 * Journey: a customer who forgot the password (spec 1 §2.9, §2.10, §5): 'Esqueci a senha' on /login → the link from
 * the e-mail → /password/reset/<token>?email= → validation → success dialog → /login → the old password is refused,
 * the new one signs in (with an e-mail code).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { createAccount } from '../lib/api';
import { DESKTOP, launchBrowser, shotBoth, withPage } from '../lib/browser';
import { uniqueEmail } from '../lib/env';
import { finishLoginWithEmailCode, submitCredentials } from '../lib/flows';
import { latestLink, outbox } from '../lib/outbox';
import {
  byRole,
  click,
  expectFieldError,
  expectHidden,
  expectPath,
  expectVisible,
  field,
  fill,
  normalizeSpace,
  snackbar,
} from '../lib/ui';

describe('Redefinição de senha', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('envia o link, troca a senha e entra com a nova', { timeout: 120_000 }, async () => {
    const account = await createAccount({ name: 'Paulo Henrique Souza', email: uniqueEmail('reset') });
    const newPassword = 'nova-senha-prata-99';

    await withPage(browser, { viewport: DESKTOP, name: 'password-reset' }, async (page) => {
      // ---- 'Esqueci a senha' takes the e-mail typed on the form
      await page.goto('/login');
      await fill(page, 'E-mail', account.email);
      await click(page, 'button', 'Esqueci a senha');
      const dialog = page.getByRole('dialog', { name: 'Esqueci a senha' });
      await expectVisible(dialog, "the 'Esqueci a senha' dialog");
      assert.equal(
        await field(dialog, 'E-mail').inputValue(),
        account.email,
        'the dialog starts with the typed e-mail',
      );
      await shotBoth(page, 'login-reset-dialog');
      await click(dialog, 'button', 'Enviar link');
      await expectHidden(dialog, 'the dialog closes');
      await expectVisible(snackbar(page, /link para redefinir a senha/), 'the neutral confirmation');

      // ---- the link from the e-mail
      const link = await latestLink(account.email, '/password/reset/');
      const url = new URL(link);
      assert.equal(url.searchParams.get('email'), account.email, 'the link carries the e-mail in the query');
      await page.goto(link);
      await expectVisible(byRole(page, 'heading', 'Criar nova senha'));
      const emailField = field(page, 'E-mail');
      assert.equal(await emailField.inputValue(), account.email, 'the e-mail comes from the query');
      assert.equal(await emailField.isDisabled(), true, 'the e-mail cannot be changed');
      await shotBoth(page, 'password-reset-form');

      await click(page, 'button', 'Salvar nova senha');
      await expectFieldError(page, 'Nova senha', 'Informe a nova senha');
      await fill(page, 'Nova senha', 'curta');
      await click(page, 'button', 'Salvar nova senha');
      await expectFieldError(page, 'Nova senha', 'A senha deve ter no mínimo 8 caracteres');
      await fill(page, 'Nova senha', newPassword);
      await fill(page, 'Confirme a nova senha', `${newPassword}-x`);
      await click(page, 'button', 'Salvar nova senha');
      await expectFieldError(page, 'Confirme a nova senha', 'As senhas devem ser iguais');
      await shotBoth(page, 'password-reset-errors');

      await fill(page, 'Confirme a nova senha', newPassword);
      await click(page, 'button', 'Salvar nova senha');
      const done = page.getByRole('dialog', { name: 'Senha alterada' });
      await expectVisible(done, 'the success dialog');
      assert.match(normalizeSpace(await done.textContent()), /Senha redefinida com sucesso/);
      await shotBoth(page, 'password-reset-success');
      await click(done, 'link', 'Ir para o login');
      await expectPath(page, '/login');

      // ---- the link works once
      await page.goto(link);
      await fill(page, 'Nova senha', 'mais-uma-senha-123');
      await fill(page, 'Confirme a nova senha', 'mais-uma-senha-123');
      await click(page, 'button', 'Salvar nova senha');
      await expectVisible(page.getByText(/Link de redefinição inválido ou expirado/), 'a used link is refused');
      await page.goto('/login');

      // ---- the old password no longer works; the new one does
      await submitCredentials(page, account.email, account.password);
      await expectVisible(page.getByText('E-mail ou senha incorretos.'), 'the old password is refused');
      await submitCredentials(page, account.email, newPassword);
      await finishLoginWithEmailCode(page, account.email);
      await expectPath(page, '/register/finish');
      await expectVisible(byRole(page, 'heading', 'Conclua seu cadastro'));
    });

    const resets = (await outbox(account.email)).filter((m) => m.text.includes('/password/reset/'));
    assert.equal(resets.length, 1, 'exactly one reset e-mail was sent');
  });
});
