/**
 * Journey: money in and out (spec 2 §2).
 *
 * An approved customer (registered and approved through the API) adds money by Pix on /adicionar-dinheiro/pix: the
 * QR code dialog waits while the embedded provider "receives" the payment (POST /api/dev/payments/{id}/receive), then
 * closes by itself, and the drawer's balance changes without a reload; a second Pix is paid from the pending list of
 * /adicionar-dinheiro, whose balance changes too; a third is cancelled; a TED is sent with its receipt. Then a
 * withdrawal to an e-mail Pix key with the code from the e-mail, approved by an operator through the API, shows as
 * Aprovado in /meu-historico/dinheiro-retirado. The phone's top bar shows the balance one tap away.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { MESSAGES } from '@prata/domain';
import type { Browser, Page } from 'playwright-core';
import { apiCall, apiLogin, createAccount, receiveDevPix } from '../lib/api';
import { DESKTOP, launchBrowser, PHONE, shot, shotBoth, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from '../lib/env';
import { expectDrawerShows, openAccountDrawer } from '../lib/flows';
import { balancesOf, brlText } from '../lib/money';
import { completeIndividualRegistration, pdfBytes, randomCpf } from '../lib/meus-dados';
import { lastMessageId, latestCode } from '../lib/outbox';
import {
  byRole,
  click,
  dataTable,
  expectFieldError,
  expectHidden,
  expectPath,
  expectText,
  expectVisible,
  fill,
  normalizeSpace,
  snackbar,
  typeMasked,
  visible,
} from '../lib/ui';
import { eventually } from '../lib/wait';

const customer = {
  name: 'Renata Prado Lacerda',
  email: uniqueEmail('dinheiro'),
  cpf: randomCpf(),
  nascimento: '1985-07-21',
  celular: '21987650002',
};

type Deposit = { id: number; amount: number; status: string; asaas_payment_id: string | null };

/** The newest deposits of the customer (GET /api/deposits). */
async function deposits(token: string): Promise<Deposit[]> {
  const answer = await apiCall<{ deposits: { data: Deposit[] } }>('GET', '/deposits?page=1', undefined, token);
  return answer.deposits.data;
}

/** The amount shown on the money screen's balance card. */
async function pageBalance(page: Page): Promise<string> {
  return normalizeSpace(await visible(page.getByTestId('money-balance')).textContent());
}

describe('Dinheiro: adicionar por Pix e TED, retirar com código', () => {
  let browser: Browser;
  let token: string;
  let operatorToken: string;

  before(async () => {
    browser = await launchBrowser();
    const account = await createAccount({ name: customer.name, email: customer.email });
    token = await apiLogin(account.email, account.password);
    await completeIndividualRegistration(token, customer);
    await apiCall('POST', '/banking-information', { type: 'pix', key_type: 'email', key: customer.email }, token);
    operatorToken = await apiLogin(DEMO.operator.email, DEMO_PASSWORD);
    await apiCall('POST', `/admin/customers/${account.id}/review`, { decision: 'approve' }, operatorToken);
  });
  after(async () => {
    await browser?.close();
  });

  it('um Pix pago pelo provedor embutido aparece no saldo e na gaveta sem recarregar', {
    timeout: 180_000,
  }, async () => {
    await withPage(browser, { viewport: DESKTOP, name: 'money-pix', token }, async (page) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto('/adicionar-dinheiro');
      await expectVisible(byRole(page, 'heading', 'Adicionar dinheiro'));
      await eventually(async () => assert.equal(await pageBalance(page), 'R$ 0,00'));
      await expectText(page, 'Nenhum depósito pendente.');
      const drawer = await openAccountDrawer(page);
      await expectDrawerShows(drawer, customer.name, 'R$ 0,00', '0,00 g');
      await shotBoth(page, 'adicionar-dinheiro');

      // ---- Pix: the form's rules, then the QR code
      await click(page, 'link', /^Pix/);
      await expectPath(page, '/adicionar-dinheiro/pix');
      await expectVisible(byRole(page, 'heading', 'Adicionar por Pix'));
      await click(page, 'button', 'Criar QR Code');
      await expectFieldError(page, 'Valor do depósito', 'Informe um valor para o depósito');
      await typeMasked(page, 'Valor do depósito', '4,99');
      await click(page, 'button', 'Criar QR Code');
      await expectFieldError(page, 'Valor do depósito', 'O valor mínimo é R$ 5,00');
      await shotBoth(page, 'adicionar-dinheiro-pix');
      await typeMasked(page, 'Valor do depósito', '150,00');
      await click(page, 'button', 'Criar QR Code');
      const dialog = page.getByRole('dialog', { name: 'Pague com Pix' });
      await expectVisible(dialog);
      const qr = dialog.getByRole('img', { name: 'QR Code do Pix de R$ 150,00' });
      await expectVisible(qr);
      await eventually(async () => {
        const size = await qr.evaluate((img: HTMLImageElement) => [img.naturalWidth > 0, img.width, img.height]);
        assert.deepEqual(size, [true, 256, 256], 'the QR code is shown at 256 px');
      });
      await click(dialog, 'button', 'Copiar código');
      await expectVisible(snackbar(page, 'Código do QR Code copiado'));
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      assert.match(copied, /^000201/, 'the BR Code is on the clipboard');
      await shotBoth(page, 'adicionar-dinheiro-pix-qrcode');

      // ---- the provider receives the Pix while the dialog is open
      const [first] = await deposits(token);
      assert.ok(first?.asaas_payment_id, 'a Pix deposit has its payment id');
      assert.equal(first.amount, 150);
      await receiveDevPix(first.asaas_payment_id);
      await expectHidden(dialog, 'the QR dialog closes once paid');
      await expectVisible(snackbar(page, 'Pix de R$ 150,00 recebido. O valor já está no seu saldo.'));
      await expectDrawerShows(drawer, customer.name, 'R$ 150,00', '0,00 g');

      // ---- a second Pix, paid from the pending list of /adicionar-dinheiro, and a third, cancelled
      await typeMasked(page, 'Valor do depósito', '50,00');
      await click(page, 'button', 'Criar QR Code');
      await expectVisible(dialog);
      await click(dialog, 'button', 'Fechar');
      await expectHidden(dialog);
      await apiCall('POST', '/deposit/pix', { amount: '20.00' }, token);
      await click(page, 'link', 'Voltar');
      await expectPath(page, '/adicionar-dinheiro');
      await eventually(async () => assert.equal(await pageBalance(page), 'R$ 150,00'));
      const pending = page.getByRole('list', { name: 'Depósitos pendentes' });
      await expectVisible(pending);
      await eventually(async () => assert.equal(await pending.getByRole('button').count(), 2));
      await shotBoth(page, 'adicionar-dinheiro-pendentes');

      await click(pending, 'button', /R\$ 20,00.*Pix/);
      await expectVisible(dialog);
      await expectVisible(dialog.getByRole('img', { name: 'QR Code do Pix de R$ 20,00' }));
      await click(dialog, 'button', 'Cancelar depósito');
      const cancel = page.getByRole('dialog', { name: 'Cancelar depósito?' });
      await expectVisible(cancel);
      await shotBoth(page, 'adicionar-dinheiro-cancelar');
      await click(cancel, 'button', 'Cancelar depósito');
      await expectVisible(snackbar(page, 'Depósito cancelado.'));
      await expectHidden(dialog);
      await eventually(async () => assert.equal(await pending.getByRole('button').count(), 1));

      await click(pending, 'button', /R\$ 50,00.*Pix/);
      await expectVisible(dialog.getByRole('img', { name: 'QR Code do Pix de R$ 50,00' }));
      await shotBoth(page, 'adicionar-dinheiro-deposito-pix');
      const second = (await deposits(token)).find((d) => d.amount === 50 && d.status === 'pending');
      assert.ok(second?.asaas_payment_id, 'the second Pix deposit has its payment id');
      await receiveDevPix(second.asaas_payment_id);
      await expectHidden(dialog, 'the details dialog closes once paid');
      await expectVisible(snackbar(page, 'Pix de R$ 50,00 recebido. O valor já está no seu saldo.'));
      await eventually(async () => assert.equal(await pageBalance(page), 'R$ 200,00'));
      await expectDrawerShows(drawer, customer.name, 'R$ 200,00', '0,00 g');
      await expectText(page, 'Nenhum depósito pendente.');

      // ---- TED: the warning, the bank data, the receipt
      await click(page, 'button', /^TED/);
      const warning = page.getByRole('dialog', { name: 'TED é mais demorada' });
      await expectVisible(warning);
      await shotBoth(page, 'adicionar-dinheiro-ted-aviso');
      await click(warning, 'button', 'Continuar com TED');
      await expectPath(page, '/adicionar-dinheiro/ted');
      await expectVisible(byRole(page, 'heading', 'Adicionar por TED'));
      await expectText(page, /Só aceitamos transferências feitas de uma conta em seu nome/);
      await click(page, 'button', 'Copiar agência');
      await expectVisible(snackbar(page, 'Copiado para a área de transferência'));
      const send = byRole(page, 'button', 'Enviar comprovante');
      assert.equal(await send.isDisabled(), true, 'no receipt, no sending');
      await typeMasked(page, 'Valor transferido', '300,00');
      const receipt = pdfBytes('Comprovante TED');
      await page
        .getByLabel('Comprovante da transferência', { exact: true })
        .setInputFiles({ name: 'comprovante-ted.pdf', mimeType: 'application/pdf', buffer: receipt });
      await expectText(page, 'comprovante-ted.pdf');
      assert.equal(await send.isEnabled(), true, 'a receipt enables sending');
      await shotBoth(page, 'adicionar-dinheiro-ted');
      await send.click();
      await expectPath(page, '/adicionar-dinheiro');
      await expectVisible(snackbar(page, /^Comprovante enviado/));
      await click(page.getByRole('list', { name: 'Depósitos pendentes' }), 'button', /R\$ 300,00.*TED/);
      const ted = page.getByRole('dialog', { name: 'Depósito por TED' });
      await expectVisible(ted);
      await shotBoth(page, 'adicionar-dinheiro-deposito-ted');
      const [download] = await Promise.all([page.waitForEvent('download'), click(ted, 'button', 'Ver comprovante')]);
      assert.ok((await readFile(await download.path())).equals(receipt), 'the receipt comes back byte for byte');

      // ---- the history
      await page.goto('/meu-historico/dinheiro-adicionado');
      const table = page.getByRole('table', { name: 'Depósitos' });
      await expectVisible(table);
      await eventually(async () => {
        const text = normalizeSpace(await table.textContent());
        for (const part of ['TED', 'R$ 300,00', 'Em análise', 'Cancelado', 'Aprovado', 'R$ 150,00']) {
          assert.ok(text.includes(part), `${part} in ${text}`);
        }
      });
      await shotBoth(page, 'meu-historico-dinheiro-adicionado');
    });

    // ---- on a phone the balance is one tap away
    await withPage(browser, { viewport: PHONE, name: 'money-phone-balance', token }, async (page) => {
      await page.goto('/meus-dados');
      await click(page.getByRole('banner'), 'button', 'Ver saldos: R$ 200,00 em reais');
      const balances = page.getByRole('dialog', { name: 'Seus saldos' });
      await expectVisible(balances);
      await shot(page, 'saldos-no-celular-390x844');
      await click(balances, 'link', 'Retirar dinheiro');
      await expectPath(page, '/retirar-dinheiro');
      await expectHidden(balances);
    });
  });

  it('uma retirada para chave Pix e-mail com o código do e-mail, aprovada pelo operador', {
    timeout: 180_000,
  }, async () => {
    // money to withdraw, whatever the first test left
    const balanceBefore = (await balancesOf(token)).brl;
    const { deposit } = await apiCall<{ deposit: Deposit }>('POST', '/deposit/pix', { amount: '120.00' }, token);
    await receiveDevPix(deposit.asaas_payment_id!);

    await withPage(browser, { viewport: PHONE, name: 'money-withdrawal', token }, async (page) => {
      await page.goto('/retirar-dinheiro');
      await expectVisible(byRole(page, 'heading', 'Retirar dinheiro'));
      const sendCode = byRole(page, 'button', 'Enviar código');
      await expectVisible(sendCode);
      await expectVisible(byRole(page, 'link', 'Gerenciar dados bancários'));
      await sendCode.click();
      await expectText(page, 'Escolha uma das opções acima');
      await expectFieldError(page, 'Valor da retirada', 'Informe um valor para a retirada');
      await typeMasked(page, 'Valor da retirada', '5,00');
      await sendCode.click();
      await expectFieldError(page, 'Valor da retirada', 'O valor deve ser maior ou igual a R$ 10,00');
      await shotBoth(page, 'retirar-dinheiro');

      await page.getByRole('radio', { name: new RegExp(customer.email.replace(/\./g, '\\.')) }).check();
      await typeMasked(page, 'Valor da retirada', '100,00');
      const after = await lastMessageId(customer.email);
      await sendCode.click();
      await expectVisible(snackbar(page, /^Enviamos um código/));
      const resend = page.getByRole('button', { name: /^Reenviar código em \d+ s$/ });
      await expectVisible(resend, 'the resend countdown');
      assert.equal(await resend.isDisabled(), true);
      await shotBoth(page, 'retirar-dinheiro-codigo');
      const code = await latestCode(customer.email, { after });

      // a reload on the code step: the step comes back for the same amount and destination, with its resend button
      // (the journeys' server waits 3 s, not a minute: the countdown may be over), and no new code is sent: the one
      // already in the e-mail is typed below
      const codeMail = await lastMessageId(customer.email);
      await page.reload();
      const step = page.getByRole('region', { name: 'Código de confirmação' });
      await expectVisible(step, 'the code step after the reload');
      await expectText(step, /confirma a retirada de R\$ 100,00/);
      await expectVisible(step.getByRole('button', { name: /^Reenviar código/ }), 'the resend after the reload');
      assert.match(await page.getByLabel('Valor da retirada').inputValue(), /100,00/);
      const destination = page.getByRole('radio', { name: new RegExp(customer.email.replace(/\./g, '\\.')) });
      assert.equal(await destination.isChecked(), true, 'the destination after the reload');
      // Back is the form, Forward the code step again
      await page.goBack();
      await expectVisible(sendCode);
      await expectHidden(step);
      await page.goForward();
      await expectVisible(step, 'the code step after Forward');
      assert.equal(await lastMessageId(customer.email), codeMail, 'no new code after the reload');

      // a wrong code first: the message under the code field
      const wrong = code === '000000' ? '111111' : '000000';
      await fill(page, 'Código de verificação', wrong);
      const confirm = page.getByRole('dialog', { name: 'Confirmar retirada?' });
      await expectVisible(confirm);
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text keeps label and value apart
      const summary = normalizeSpace(await confirm.innerText());
      for (const part of ['Valor R$ 100,00', 'Tarifa Grátis', 'Você recebe R$ 100,00', customer.email]) {
        assert.ok(summary.includes(part), `${part} in ${summary}`);
      }
      await shotBoth(page, 'retirar-dinheiro-confirmar');
      await click(confirm, 'button', 'Confirmar retirada');
      await expectHidden(confirm);
      await eventually(async () => {
        const helper = normalizeSpace(
          await page
            .locator('[id$="-helper-text"]')
            .filter({ hasText: /código/i })
            .first()
            .textContent(),
        );
        assert.match(helper, /código/i, 'the wrong code is told under the field');
      });

      await fill(page, 'Código de verificação', code);
      await expectVisible(confirm);
      await click(confirm, 'button', 'Confirmar retirada');
      await expectPath(page, '/meu-historico/dinheiro-retirado');
      await expectVisible(snackbar(page, 'Retirada solicitada. Ela será processada em até 24 horas.'));
      const table = dataTable(page, 'Retiradas de dinheiro');
      await expectVisible(table);
      await eventually(async () => {
        const text = normalizeSpace(await table.textContent());
        assert.ok(text.includes('R$ 100,00'), text);
        assert.ok(text.includes('Em análise'), text);
      });
    });

    // ---- the operator approves it through the API
    const queue = await apiCall<{ data: Array<{ id: number; customer: { email: string } }> }>(
      'GET',
      '/admin/withdrawals?status=pending',
      undefined,
      operatorToken,
    );
    const mine = queue.data.find((w) => w.customer.email === customer.email);
    assert.ok(mine, 'the withdrawal waits in the back office');
    await apiCall('POST', `/admin/withdrawals/${mine.id}/review`, { decision: 'approve' }, operatorToken);

    await withPage(browser, { viewport: DESKTOP, name: 'money-withdrawal-approved', token }, async (page) => {
      await page.goto('/meu-historico/dinheiro-retirado');
      const table = dataTable(page, 'Retiradas de dinheiro');
      await expectVisible(table);
      await eventually(async () => {
        const row = normalizeSpace(await table.getByRole('row').nth(1).textContent());
        assert.ok(row.includes('Aprovado'), row);
        assert.ok(row.includes(customer.email), row);
      });
      await shotBoth(page, 'meu-historico-dinheiro-retirado');
      const drawer = await openAccountDrawer(page);
      await expectDrawerShows(drawer, customer.name, brlText(balanceBefore + 120 - 100), '0,00 g');
    });
  });

  it('um código de retirada que passou da validade diz isso, também depois de recarregar', {
    timeout: 120_000,
  }, async () => {
    await withPage(browser, { viewport: PHONE, name: 'money-code-expired', token }, async (page) => {
      // the page's clock (not the server's) is moved: the code the server sent is then past CODE_TTL_SECONDS for it
      await page.clock.install();
      await page.goto('/retirar-dinheiro');
      await page.getByRole('radio', { name: new RegExp(customer.email.replace(/\./g, '\\.')) }).check();
      await typeMasked(page, 'Valor da retirada', '10,00');
      await click(page, 'button', 'Enviar código');
      const step = page.getByRole('region', { name: 'Código de confirmação' });
      await expectVisible(step);
      const expired = step.getByText(MESSAGES.codeStepExpired);
      assert.equal(await expired.count(), 0, 'a fresh code is not said expired');
      await page.clock.fastForward('10:01');
      await expectVisible(expired, 'said once the code has expired');
      await page.reload();
      await expectVisible(expired, 'and after a reload, with the step restored');
      await expectVisible(step.getByRole('button', { name: 'Reenviar código' }));
      await shotBoth(page, 'retirar-dinheiro-codigo-expirado');
    });
  });
});
