/**
 * Journey: nothing charged twice by a person.
 *
 * A customer on a phone double-clicks every button that moves money or sends a code, as a real finger does, and the
 * server must record ONE operation each (read back through the API): a market buy of 1 g on /ordens (one order, the
 * balance down once), a small limit buy (one pending order), a larger limit buy through its confirmation (one order),
 * the cancel of that order (one cancellation, the hold back once), the withdrawal's e-mail code and the withdrawal
 * (one e-mail, one withdrawal), the transfer's code and the transfer (one e-mail, one transfer, the receiver's grams up
 * once), "Pagar com saldo" on /retirar-prata through its confirmation (one shipment, 50 g down once), and "Salvar
 * alterações" of /meus-dados' personal data (one save). On the way the order form warns that a total passes the
 * available balance before anything is sent.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiCall, apiLogin } from '../lib/api';
import { launchBrowser, PHONE, shotBoth, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from '../lib/env';
import { balancesOf } from '../lib/money';
import {
  approvedCustomer,
  centsText,
  expectSummary,
  marketOrder,
  openOrdersTab,
  orderForm,
  ordersList,
  quote,
  rowsWith,
} from '../lib/orders';
import { lastMessageId, latestCode, outbox } from '../lib/outbox';
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
import { eventually, watchCalls } from '../lib/wait';

const A = { name: 'Dora Duplo Clique', email: uniqueEmail('duplo-clique') };
const B = { name: 'Rui Recebe Uma Vez', email: uniqueEmail('duplo-recebe') };

type Page_<T> = { data: T[]; total: number };
const cents = (reais: number) => Math.round(reais * 100);

/** What the server recorded for the customer, through the API. */
async function recorded(token: string) {
  const [orders, completed, withdrawals, transfers, shipments, balances] = await Promise.all([
    apiCall<{ myPendingOrders: unknown[] }>('GET', '/orders', undefined, token),
    apiCall<{ orders: Page_<unknown> }>('GET', '/orders/completed?page=1', undefined, token),
    apiCall<{ withdrawals: Page_<unknown> }>('GET', '/withdrawals?page=1', undefined, token),
    apiCall<{ silverTransfers: Page_<unknown> }>('GET', '/silver-transfers?page=1', undefined, token),
    apiCall<{ silverWithdrawals: Page_<unknown> }>('GET', '/silver-withdrawals?page=1', undefined, token),
    balancesOf(token),
  ]);
  const deleted = await apiCall<{ deleted_orders: Page_<unknown> }>('GET', '/orders/deleted?page=1', undefined, token);
  return {
    pending: orders.myPendingOrders.length,
    completed: completed.orders.total,
    cancelled: deleted.deleted_orders.total,
    withdrawals: withdrawals.withdrawals.total,
    transfers: transfers.silverTransfers.total,
    shipments: shipments.silverWithdrawals.total,
    cents: cents(balances.brl),
    centigrams: cents(balances.grams),
  };
}

/** The messages to `to` newer than `after` (the outbox answers newest first). */
async function messagesAfter(to: string, after: number): Promise<number> {
  return (await outbox(to)).filter((m) => m.id > after).length;
}

/** A double click as a finger does it: two clicks at once on the same button. */
async function doubleClick(button: Locator): Promise<void> {
  await expectVisible(button);
  await button.dblclick();
}

async function openOrders(page: Page): Promise<void> {
  await page.goto('/ordens');
  await page.getByRole('tab', { name: 'Quero comprar' }).waitFor({ timeout: 30_000 });
}

describe('Duplo clique: uma operação por intenção', () => {
  let browser: Browser;
  let a: { id: number; token: string };
  let b: { id: number; token: string };

  before(async () => {
    browser = await launchBrowser();
    const operatorToken = await apiLogin(DEMO.operator.email, DEMO_PASSWORD);
    [a, b] = await Promise.all([approvedCustomer(A, operatorToken, 1500), approvedCustomer(B, operatorToken, 0)]);
    // silver for the transfer and the bar: 60 g from the house's asks; a Pix key for the withdrawal
    await marketOrder(a.token, 'buy', 60);
    await apiCall('POST', '/banking-information', { type: 'pix', key_type: 'email', key: A.email }, a.token);
  });
  after(async () => {
    await browser?.close();
  });

  it('/ordens: a mercado, limitada, com confirmação e cancelar: uma ordem por duplo clique; o aviso de saldo', {
    timeout: 180_000,
  }, async () => {
    await withPage(browser, { viewport: PHONE, name: 'double-click-orders', token: a.token }, async (page) => {
      await openOrders(page);
      const form = orderForm(page, 'buy');

      // ---- the warning while typing: the total passes the available balance (nothing is sent)
      const start = await recorded(a.token);
      await typeMasked(form, 'Preço por grama', '9,10');
      await typeMasked(form, 'Quantidade', '1000');
      await expectText(form, /^Saldo em reais insuficiente para esta ordem: o total é R\$ [\d.,]+ e o seu saldo/);
      await shotBoth(page, 'duplo-clique-aviso-saldo');

      // ---- market buy of 1 g: one order, the balance down once by the quote's total
      await click(form, 'button', 'A mercado');
      await typeMasked(form, 'Quantidade', '1');
      const q = await quote(a.token, 'buy', 1);
      assert.ok(q.available && q.allowed, JSON.stringify(q));
      await expectSummary(form, [`Total a pagar ${centsText(cents(q.total))}`]);
      await doubleClick(byRole(form, 'button', 'Comprar'));
      await expectVisible(snackbar(page, 'Ordem executada.'));
      await eventually(async () => {
        const now = await recorded(a.token);
        assert.equal(now.completed, start.completed + 1, 'one market order');
        assert.equal(now.cents, start.cents - cents(q.total), 'the balance went down once');
      });

      // ---- a small limit buy (below R$ 100,00: no confirmation): one pending order
      const beforeLimit = await recorded(a.token);
      await typeMasked(form, 'Preço por grama', '8,00');
      await typeMasked(form, 'Quantidade', '2');
      await expectSummary(form, ['Total a pagar R$ 21,08']);
      await doubleClick(byRole(form, 'button', 'Comprar'));
      await expectVisible(snackbar(page, /^Ordem registrada/));
      await eventually(async () => {
        const now = await recorded(a.token);
        assert.equal(now.pending, beforeLimit.pending + 1, 'one limit order');
        assert.equal(now.cents, beforeLimit.cents - 2108, 'its total held once');
      });

      // ---- a limit buy above R$ 100,00: the confirmation (a double click opens it and leaves it open), confirmed twice
      const beforeBig = await recorded(a.token);
      await typeMasked(form, 'Preço por grama', '8,00');
      await typeMasked(form, 'Quantidade', '20');
      // 20 g × R$ 8,00 = R$ 160,00; the minimum fee R$ 5,00; IOF R$ 0,63
      await expectSummary(form, ['Total a pagar R$ 165,63']);
      await doubleClick(byRole(form, 'button', 'Comprar'));
      const confirm = page.getByRole('dialog', { name: 'Confirmar a compra?' });
      await expectVisible(confirm);
      await expectText(confirm, /^Confirme a compra: R\$\s165,63 saem do seu saldo em reais, com a taxa e o IOF\.$/);
      await shotBoth(page, 'duplo-clique-confirmar-compra');
      await doubleClick(byRole(confirm, 'button', 'Comprar'));
      await expectHidden(confirm);
      await eventually(async () => {
        const now = await recorded(a.token);
        assert.equal(now.pending, beforeBig.pending + 1, 'one order for the confirmation');
        assert.equal(now.cents, beforeBig.cents - 16563, 'its total held once');
      });

      // ---- cancel it with a double click on the dialog's button: one cancellation, the hold back once
      const beforeCancel = await recorded(a.token);
      await openOrdersTab(page, 'Minhas ordens');
      const row = rowsWith(ordersList(page, 'Ordens pendentes'), ['20,00 g']).first();
      await click(row, 'button', /^Cancelar a ordem de compra de 20,00 g/);
      const cancel = page.getByRole('dialog', { name: 'Cancelar ordem?' });
      await expectVisible(cancel);
      await doubleClick(byRole(cancel, 'button', 'Cancelar ordem'));
      await expectVisible(snackbar(page, 'Ordem cancelada.'));
      await eventually(async () => {
        const now = await recorded(a.token);
        assert.equal(now.cancelled, beforeCancel.cancelled + 1, 'one cancellation');
        assert.equal(now.pending, beforeCancel.pending - 1);
        assert.equal(now.cents, beforeCancel.cents + 16563, 'the hold came back once');
      });
      // no error was shown for the second click (no "Esta ordem não está mais disponível")
      assert.equal(await page.getByText('Esta ordem não está mais disponível').count(), 0);
    });
  });

  it('retirar dinheiro: o código e a retirada, uma vez cada', { timeout: 180_000 }, async () => {
    await withPage(browser, { viewport: PHONE, name: 'double-click-withdrawal', token: a.token }, async (page) => {
      const start = await recorded(a.token);
      await page.goto('/retirar-dinheiro');
      await page.getByRole('radio', { name: new RegExp(A.email.replace(/\./g, '\\.')) }).check();
      await typeMasked(page, 'Valor da retirada', '50,00');
      const mailed = await lastMessageId(A.email);
      const calls = watchCalls(page);
      await doubleClick(byRole(page, 'button', 'Enviar código'));
      await expectVisible(snackbar(page, /^Enviamos um código/));
      const code = await latestCode(A.email, { after: mailed });
      await calls.settled();
      assert.equal(calls.count('POST /api/withdrawal/verification-code'), 1, 'one request for the code');
      assert.equal(await messagesAfter(A.email, mailed), 1, 'one e-mail with the code');

      await fill(page, 'Código de verificação', code);
      const confirm = page.getByRole('dialog', { name: 'Confirmar retirada?' });
      await expectVisible(confirm);
      await shotBoth(page, 'duplo-clique-confirmar-retirada');
      await doubleClick(byRole(confirm, 'button', 'Confirmar retirada'));
      await expectPath(page, '/meu-historico/dinheiro-retirado');
      await eventually(async () => {
        const now = await recorded(a.token);
        assert.equal(now.withdrawals, start.withdrawals + 1, 'one withdrawal');
        assert.equal(now.cents, start.cents - 5000, 'the balance went down once');
      });
    });
  });

  it('transferir prata: o código e a transferência, uma vez cada', { timeout: 180_000 }, async () => {
    await withPage(browser, { viewport: PHONE, name: 'double-click-transfer', token: a.token }, async (page) => {
      const start = await recorded(a.token);
      const receiverBefore = await balancesOf(b.token);
      await page.goto('/transferir-prata');
      await page.getByTestId('silver-balance').waitFor({ timeout: 30_000 });
      await fill(page, 'E-mail do recebedor', B.email);
      await click(page, 'button', 'Verificar e-mail');
      await expectVisible(byRole(page, 'group', 'Recebedor'));
      await typeMasked(page, 'Quantidade', '1');
      const mailed = await lastMessageId(A.email);
      const calls = watchCalls(page);
      await doubleClick(byRole(page, 'button', 'Transferir'));
      const dialog = byRole(page, 'dialog', 'Confirme a transferência');
      await expectVisible(dialog);
      const code = await latestCode(A.email, { after: mailed });
      await calls.settled();
      assert.equal(calls.count('POST /api/silver-transfer/verification-code'), 1, 'one request for the code');
      assert.equal(await messagesAfter(A.email, mailed), 1, 'one e-mail with the code');
      await fill(dialog, 'Código de verificação', code);
      await doubleClick(byRole(dialog, 'button', 'Confirmar transferência'));
      await expectVisible(byRole(page, 'dialog', 'Transferência realizada'));
      await shotBoth(page, 'duplo-clique-transferencia');
      await eventually(async () => {
        const now = await recorded(a.token);
        assert.equal(now.transfers, start.transfers + 1, 'one transfer');
        assert.equal(now.centigrams, start.centigrams - 100, 'the grams went down once');
        assert.equal(cents((await balancesOf(b.token)).grams), cents(receiverBefore.grams) + 100, 'received once');
      });
    });
  });

  it('/retirar-prata: "Pagar com saldo" confirmado, um envio', { timeout: 180_000 }, async () => {
    await withPage(browser, { viewport: PHONE, name: 'double-click-bar', token: a.token }, async (page) => {
      const start = await recorded(a.token);
      await page.goto('/retirar-prata');
      const region = (name: string) => page.getByRole('region', { name, exact: true });
      await region('Produto e quantidade').getByRole('radio', { name: 'Barra de prata 50 g' }).check();
      await click(region('Produto e quantidade'), 'button', 'Continuar');
      await region('Endereço de entrega').getByRole('radio').first().check();
      await click(region('Endereço de entrega'), 'button', 'Continuar');
      await region('Envio')
        .getByRole('radio', { name: /Correios/ })
        .first()
        .check();
      await click(region('Envio'), 'button', 'Calcular custos');
      const costs = region('Custos e pagamento');
      const breakdown = costs.getByRole('region', { name: 'Resumo dos valores' });
      await expectVisible(breakdown);
      const total = normalizeSpace(/Total\s*(R\$\s*[\d.,]+)/.exec(normalizeSpace(await breakdown.textContent()))?.[1]);
      assert.ok(total, 'a total to pay');
      await doubleClick(byRole(costs, 'button', 'Pagar com saldo'));
      const confirm = page.getByRole('dialog', { name: 'Pagar com saldo?' });
      await expectVisible(confirm);
      await expectText(confirm, /^Confirme a retirada: R\$\s[\d.,]+ saem do seu saldo em reais/);
      assert.ok(normalizeSpace(await confirm.textContent()).includes(`${total} saem`), 'the total of the breakdown');
      await shotBoth(page, 'duplo-clique-pagar-com-saldo');
      await doubleClick(byRole(confirm, 'button', 'Pagar com saldo'));
      await expectPath(page, '/meu-historico/prata-retirada', 20_000);
      await eventually(async () => {
        const now = await recorded(a.token);
        assert.equal(now.shipments, start.shipments + 1, 'one shipment');
        assert.equal(now.centigrams, start.centigrams - 5000, "the bar's 50 g left once");
        assert.equal(centsText(start.cents - now.cents), total, 'the total shown, charged once');
      });
    });
  });

  it('/meus-dados: "Salvar alterações" dos dados pessoais, um envio', { timeout: 60_000 }, async () => {
    await withPage(browser, { viewport: PHONE, name: 'double-click-personal', token: a.token }, async (page) => {
      await page.goto('/meus-dados/dados-pessoais');
      const calls = watchCalls(page);
      await doubleClick(byRole(page, 'button', 'Salvar alterações'));
      await expectVisible(snackbar(page, 'Dados pessoais atualizados com sucesso!'));
      await calls.settled();
      assert.equal(calls.count('PUT /api/user/pessoais'), 1, 'one save');
    });
  });
});
