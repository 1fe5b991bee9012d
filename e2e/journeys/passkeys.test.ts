/**
 * Journey: passkeys, with Chromium's own virtual authenticator (CDP WebAuthn.addVirtualAuthenticator:
 * CTAP2, internal, resident keys, user verification), nothing mocked: the browser makes and signs real credentials.
 *
 * An approved customer with reais signs in with the e-mail code, creates a passkey in /meus-dados "Acesso e
 * dispositivos" ("Chaves de acesso"), signs out, signs in with the password and the passkey (no code asked), adds a new
 * bank account and withdraws to it confirming with the passkey, then sends 1,00 g of silver to another customer
 * confirming with it too.
 *
 * A browser refuses an IP address as a passkey's RP ID, so this journey opens the app at http://localhost:PORT (the
 * server's passkey origin when PUBLIC_URL is http://127.0.0.1:PORT outside production, config-sections.ts).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { apiCall, apiLogin, createAccount, receiveDevPix } from '../lib/api';
import { DESKTOP, launchBrowser, shotBoth, withPage } from '../lib/browser';
import { BASE_URL, DEMO, DEMO_PASSWORD, uniqueEmail } from '../lib/env';
import { expectLoggedOut, openAccountDrawer, submitCredentials } from '../lib/flows';
import { completeIndividualRegistration, randomCpf } from '../lib/meus-dados';
import { marketOrder } from '../lib/orders';
import {
  byRole,
  click,
  expectHidden,
  expectPath,
  expectText,
  expectVisible,
  fill,
  normalizeSpace,
  snackbar,
  typeMasked,
} from '../lib/ui';
import { eventually } from '../lib/wait';

/** The same server by name: passkeys live at localhost, never at 127.0.0.1. */
const LOCAL = BASE_URL.replace('://127.0.0.1', '://localhost');

const customer = {
  name: 'Helena Duarte Viana',
  email: uniqueEmail('chave'),
  cpf: randomCpf(),
  nascimento: '1988-03-14',
  celular: '21987650037',
};

type Deposit = { id: number; asaas_payment_id: string | null };
type Credential = { credentialId: string; signCount: number; isResidentCredential: boolean };

/** Chromium's platform authenticator for this page: what a phone's fingerprint reader would be. */
async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}

async function credentials(cdp: CDPSession, authenticatorId: string): Promise<Credential[]> {
  const { credentials: list } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  return list as Credential[];
}

describe('Chaves de acesso: criar, entrar com a chave, retirar para uma conta nova, transferir prata', () => {
  let browser: Browser;
  let token: string;
  let password: string;

  before(async () => {
    browser = await launchBrowser();
    const account = await createAccount({ name: customer.name, email: customer.email });
    token = await apiLogin(account.email, account.password);
    password = account.password;
    await completeIndividualRegistration(token, customer);
    const operatorToken = await apiLogin(DEMO.operator.email, DEMO_PASSWORD);
    await apiCall('POST', `/admin/customers/${account.id}/review`, { decision: 'approve' }, operatorToken);
    const { deposit } = await apiCall<{ deposit: Deposit }>('POST', '/deposit/pix', { amount: '150.00' }, token);
    await receiveDevPix(deposit.asaas_payment_id!);
  });
  after(async () => {
    await browser?.close();
  });

  it('cria a chave, entra com senha e chave, cadastra uma conta e retira confirmando com a chave', {
    timeout: 240_000,
  }, async () => {
    await withPage(browser, { viewport: DESKTOP, name: 'passkeys' }, async (page) => {
      const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

      // ---- signed in (the API's sign-in above; the code's sign-in has journeys of its own), the passkey is created in
      // /meus-dados; the token goes into this origin's storage as withPage's `token` does for BASE_URL
      await page.goto(`${LOCAL}/login`);
      await page.evaluate((t) => localStorage.setItem('authToken', t), token);
      await page.goto(`${LOCAL}/meus-dados/acesso-e-dispositivos`);
      await expectVisible(byRole(page, 'tab', 'Acesso e dispositivos'));
      await expectVisible(byRole(page, 'heading', 'Chaves de acesso'));
      await expectText(page, 'Você ainda não tem chaves de acesso.');
      await fill(page, 'Nome da chave', 'Chromium do teste');
      await click(page, 'button', 'Criar chave de acesso');
      await expectVisible(snackbar(page, 'Chave de acesso criada.'));
      // the button was disabled while the browser's dialog ran: the keyboard's focus comes back to it, not to the top
      await eventually(async () =>
        assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Criar chave de acesso'),
      );
      const list = page.getByRole('list', { name: 'Suas chaves de acesso' });
      await expectVisible(list);
      await eventually(async () => {
        const text = normalizeSpace(await list.textContent());
        assert.ok(text.includes('Chromium do teste'), text);
        assert.ok(text.includes('Ainda não usada'), text);
      });
      const made = await credentials(cdp, authenticatorId);
      assert.equal(made.length, 1, 'the virtual authenticator holds one credential');
      await shotBoth(page, 'chaves-de-acesso');

      // ---- signed out, then in with the password and the passkey: no code is asked
      await click(await openAccountDrawer(page), 'button', 'Sair');
      await expectLoggedOut(page);
      await submitCredentials(page, customer.email, password);
      await expectVisible(byRole(page, 'heading', 'Chave de acesso'));
      await expectVisible(byRole(page, 'button', 'Perdi minha chave de acesso'));
      await shotBoth(page, 'login-chave-de-acesso');
      await click(page, 'button', 'Entrar com chave de acesso');
      await eventually(async () => assert.notEqual(new URL(page.url()).pathname, '/login'), { timeoutMs: 15_000 });
      const signCountAfterLogin = (await credentials(cdp, authenticatorId))[0]!.signCount;
      assert.ok(signCountAfterLogin >= 1, 'the sign-in used the passkey');
      // signing out ended the API's session, which the page had: the API goes on with the passkey sign-in's
      const signedIn = await page.evaluate(() => localStorage.getItem('authToken'));
      assert.ok(signedIn, 'the passkey sign-in stored its token');
      token = signedIn;

      // ---- a new bank account, then a withdrawal to it confirmed with the passkey
      await page.goto(`${LOCAL}/meus-dados/dados-bancarios`);
      await fill(page, 'Número do banco', '341');
      await expectText(page, 'Itaú Unibanco');
      await fill(page, 'Agência', '4321');
      await fill(page, 'Número da conta', '98765-1');
      await click(page, 'button', 'Adicionar conta');
      await expectVisible(snackbar(page, 'Dados bancários salvos com sucesso!'));

      await page.goto(`${LOCAL}/retirar-dinheiro`);
      await expectVisible(byRole(page, 'heading', 'Retirar dinheiro'));
      await expectText(page, 'Você confirma a retirada com sua chave de acesso.');
      await page.getByRole('radio', { name: /Agência 4321/ }).check();
      await typeMasked(page, 'Valor da retirada', '50,00');
      await click(page, 'button', 'Revisar e confirmar');
      const confirm = page.getByRole('dialog', { name: 'Confirmar retirada?' });
      await expectVisible(confirm);
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text keeps label and value apart
      const summary = normalizeSpace(await confirm.innerText());
      assert.ok(summary.includes('Valor R$ 50,00'), summary);
      await shotBoth(page, 'retirar-dinheiro-chave-de-acesso');
      await click(confirm, 'button', 'Confirmar com chave de acesso');
      await expectPath(page, '/meu-historico/dinheiro-retirado', 15_000);
      await expectVisible(snackbar(page, 'Retirada solicitada. Ela será processada em até 24 horas.'));
      const used = (await credentials(cdp, authenticatorId))[0]!.signCount;
      assert.ok(used > signCountAfterLogin, 'the withdrawal was signed by the passkey');

      // ---- silver to another customer, confirmed with the passkey too (grams bought on the book first)
      await marketOrder(token, 'buy', 2);
      await page.goto(`${LOCAL}/transferir-prata`);
      await fill(page, 'E-mail do recebedor', DEMO.customer.email);
      await click(page, 'button', 'Verificar e-mail');
      await expectVisible(byRole(page, 'group', 'Recebedor'));
      await typeMasked(page, 'Quantidade', '1,00');
      await expectText(page, /Você confirma com sua chave de acesso\./);
      await click(page, 'button', 'Transferir');
      const confirmTransfer = page.getByRole('dialog', { name: 'Confirmar transferência?' });
      await expectVisible(confirmTransfer);
      await click(confirmTransfer, 'button', 'Confirmar com chave de acesso');
      const receipt = byRole(page, 'dialog', 'Transferência realizada');
      await expectVisible(receipt, 'the receipt of the transfer');
      await expectText(receipt, '1,00 g');
      assert.ok((await credentials(cdp, authenticatorId))[0]!.signCount > used, 'the transfer was signed');
      await page.keyboard.press('Escape');
      await expectHidden(receipt);

      await page.goto(`${LOCAL}/meus-dados/acesso-e-dispositivos`);
      await expectVisible(list);
      await eventually(async () => assert.match(normalizeSpace(await list.textContent()), /Último uso em/));
    });

    // the server saw it the same way: one passkey, used, and the withdrawal pending to the new account
    const withdrawals = await apiCall<{
      withdrawals: { data: Array<{ amount: number; status: string; destination: string }> };
    }>('GET', '/withdrawals?page=1', undefined, token);
    const mine = withdrawals.withdrawals.data[0];
    assert.ok(mine, 'the withdrawal exists');
    assert.equal(mine.amount, 50);
    assert.equal(mine.status, 'pending');
    assert.match(mine.destination, /4321/);
  });
});
