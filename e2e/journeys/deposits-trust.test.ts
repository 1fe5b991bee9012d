/**
 * Journey: money in that a person can trust, on a phone (390x844).
 *
 * An approved customer opens /adicionar-dinheiro/pix and reads the limits before typing; an amount above them is
 * refused under the field before any charge exists on the server; a double click on "Criar QR Code" makes ONE
 * charge, whose dialog counts down to its expiry; then, from /meu-historico, the unpaid charge reads "Aguardando
 * pagamento", is reopened ("Pagar": its QR code again) and cancelled ("Cancelar"), and the server has it cancelled.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { apiCall, apiLogin, createAccount, receiveDevPix } from '../lib/api';
import { DESKTOP, launchBrowser, PHONE, shotBoth, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from '../lib/env';
import { completeIndividualRegistration, randomCpf } from '../lib/meus-dados';
import {
  byRole,
  click,
  dataTable,
  expectFieldError,
  expectHidden,
  expectPath,
  expectVisible,
  normalizeSpace,
  snackbar,
  typeMasked,
} from '../lib/ui';
import { eventually, watchCalls } from '../lib/wait';

const customer = {
  name: 'Helena Duarte Figueiredo',
  email: uniqueEmail('deposito-confiavel'),
  cpf: randomCpf(),
  nascimento: '1990-02-14',
  celular: '21987650027',
};

type Deposit = { id: number; amount: number; status: string; asaas_payment_id: string | null };

/** Every deposit of the customer on the server, newest first (GET /api/deposits). */
async function deposits(token: string): Promise<Deposit[]> {
  const answer = await apiCall<{ deposits: { data: Deposit[] } }>('GET', '/deposits?page=1', undefined, token);
  return answer.deposits.data;
}

describe('Depósitos confiáveis: limites, um clique duplo, cobranças pendentes no histórico', () => {
  let browser: Browser;
  let token: string;
  let operatorToken: string;

  before(async () => {
    browser = await launchBrowser();
    const account = await createAccount({ name: customer.name, email: customer.email });
    token = await apiLogin(account.email, account.password);
    await completeIndividualRegistration(token, customer);
    operatorToken = await apiLogin(DEMO.operator.email, DEMO_PASSWORD);
    await apiCall('POST', `/admin/customers/${account.id}/review`, { decision: 'approve' }, operatorToken);
  });
  after(async () => {
    await browser?.close();
  });

  it('limites antes da cobrança, uma cobrança por clique duplo, pagar e cancelar pelo histórico', {
    timeout: 180_000,
  }, async () => {
    await withPage(browser, { viewport: PHONE, name: 'deposits-trust', token }, async (page) => {
      // ---- the limits, from the server, before anything is typed
      await page.goto('/adicionar-dinheiro/pix');
      await expectVisible(byRole(page, 'heading', 'Adicionar por Pix'));
      const limits = page.getByLabel('Limites de depósito');
      await expectVisible(limits);
      assert.equal(
        normalizeSpace(await limits.textContent()),
        'Até R$ 10.000,00 por depósito e R$ 50.000,00 a cada 30 dias. Você ainda pode depositar R$ 50.000,00.',
      );

      // ---- above the limit: the message under the field, and no charge on the server
      await typeMasked(page, 'Valor do depósito', '60000,00');
      await click(page, 'button', 'Criar QR Code');
      await expectFieldError(page, 'Valor do depósito', 'O valor máximo por depósito é R$ 10.000,00.');
      assert.deepEqual(await deposits(token), [], 'no charge was created for an amount above the limit');
      await shotBoth(page, 'deposito-limite');
      // the server says the same to anyone who skips the screen
      const refused = await fetch(new URL('/api/deposit/pix', page.url()), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'amount=9999999999.00',
      });
      assert.equal(refused.status, 422);
      assert.equal((await refused.json()).code, 'DEPOSIT_LIMIT_EXCEEDED');
      assert.deepEqual(await deposits(token), []);

      // ---- a double click on "Criar QR Code": one charge
      await typeMasked(page, 'Valor do depósito', '120,00');
      const calls = watchCalls(page);
      await byRole(page, 'button', 'Criar QR Code').dblclick();
      const dialog = page.getByRole('dialog', { name: 'Pague com Pix' });
      await expectVisible(dialog);
      await expectVisible(dialog.getByRole('img', { name: 'QR Code do Pix de R$ 120,00' }));
      await expectVisible(dialog.getByText(/Expira em \d\d:\d\d/));
      await shotBoth(page, 'deposito-qrcode-contagem');
      // every request the double click sent has its answer before the charges are counted
      await calls.settled();
      assert.equal(calls.count('POST /api/deposit/pix'), 1, 'one request for the charge');
      const made = await deposits(token);
      assert.equal(made.length, 1, `one charge for a double click, found ${made.length}`);
      assert.equal(made[0]?.amount, 120);
      await click(dialog, 'button', 'Fechar');
      await expectHidden(dialog);

      // ---- the history: "Aguardando pagamento", reopened, then cancelled
      await page.goto('/meu-historico');
      await expectPath(page, '/meu-historico');
      const table = dataTable(page, 'Depósitos');
      await expectVisible(table);
      await expectVisible(table.getByText('Aguardando pagamento'));
      assert.equal(await table.getByText('Em análise').count(), 0, 'an unpaid Pix charge is not "Em análise"');
      await shotBoth(page, 'historico-deposito-pendente');

      await click(table, 'button', /^Pagar Depósito por Pix de R\$ 120,00/);
      await expectVisible(dialog);
      await expectVisible(dialog.getByRole('img', { name: 'QR Code do Pix de R$ 120,00' }));
      await expectVisible(dialog.getByText(/Expira em \d\d:\d\d/));
      const code = await dialog.getByLabel('Pix copia e cola').inputValue();
      assert.match(code, /^000201/, 'the copy-and-paste code is back');
      await shotBoth(page, 'historico-deposito-reaberto');
      // a phone turned sideways is past the breakpoint where the list becomes a table: the QR code stays open
      const own = page.viewportSize();
      await page.setViewportSize({ width: 844, height: 390 });
      await expectVisible(dialog.getByRole('img', { name: 'QR Code do Pix de R$ 120,00' }));
      if (own) await page.setViewportSize(own);
      await expectVisible(dialog.getByRole('img', { name: 'QR Code do Pix de R$ 120,00' }));
      await click(dialog, 'button', 'Fechar');
      await expectHidden(dialog);

      await click(table, 'button', /^Cancelar Depósito por Pix de R\$ 120,00/);
      const confirm = page.getByRole('dialog', { name: 'Cancelar depósito?' });
      await expectVisible(confirm);
      // the row's confirmation also stays open when the phone is turned (the rows are new ones)
      await page.setViewportSize({ width: 844, height: 390 });
      await expectVisible(confirm.getByRole('button', { name: 'Cancelar depósito' }));
      if (own) await page.setViewportSize(own);
      await expectVisible(confirm);
      await click(confirm, 'button', 'Cancelar depósito');
      await expectVisible(snackbar(page, 'Depósito cancelado.'));
      await expectVisible(table.getByText('Cancelado'));
      assert.equal(await table.getByRole('button', { name: /^Pagar / }).count(), 0);
      await shotBoth(page, 'historico-deposito-cancelado');
      await eventually(async () => {
        const [only] = await deposits(token);
        assert.equal(only?.status, 'cancelled', 'the server has the charge cancelled');
      });
    });
  });

  it('um Pix pago depois de cancelado fica retido: o cliente vê, o operador devolve', {
    timeout: 180_000,
  }, async () => {
    // a charge cancelled by the customer, then paid anyway by the payer's bank (the embedded provider)
    const { deposit } = await apiCall<{ deposit: Deposit }>('POST', '/deposit/pix', { amount: '80.00' }, token);
    await apiCall('DELETE', `/deposit/${deposit.id}`, undefined, token);
    assert.ok(deposit.asaas_payment_id, 'a Pix charge names its payment');
    const paid = await receiveDevPix(deposit.asaas_payment_id);
    assert.equal(paid.outcome, 'held', 'a late payment is held, not credited');

    await withPage(browser, { viewport: PHONE, name: 'deposits-trust-held', token }, async (page) => {
      await page.goto('/meu-historico');
      const table = dataTable(page, 'Depósitos');
      await expectVisible(table.getByText('Pagamento em análise'));
      await shotBoth(page, 'historico-pagamento-retido');
    });

    await withPage(
      browser,
      { viewport: DESKTOP, name: 'deposits-trust-operator', token: operatorToken },
      async (page) => {
        await page.goto('/admin/depositos?fila=retidos');
        const queue = page.getByRole('table', { name: 'Pagamentos retidos' });
        await expectVisible(queue);
        const row = queue.getByRole('row').filter({ hasText: customer.name });
        await expectVisible(row.getByText('Pago depois de expirado ou cancelado'));
        await shotBoth(page, 'admin-pagamentos-retidos');
        await click(row, 'button', 'Devolver tudo');
        const dialog = page.getByRole('dialog', { name: 'Devolver o pagamento?' });
        await expectVisible(dialog);
        await dialog.getByRole('textbox').fill('O QR Code já estava cancelado quando o Pix chegou.');
        await click(dialog, 'button', 'Devolver');
        await expectVisible(snackbar(page, 'Decisão registrada.'));
        await expectHidden(row);
      },
    );
    await eventually(async () => {
      const [last] = await deposits(token);
      assert.equal(last?.status, 'refunded');
    });
    const balance = await apiCall<{ currentBalance: number }>('GET', '/deposit', undefined, token);
    assert.equal(balance.currentBalance, 0, 'nothing was credited');
  });
});
