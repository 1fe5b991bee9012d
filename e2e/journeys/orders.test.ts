/**
 * Journey: the order book between two customers (spec 2 §2 Orders screen, §4, §9; docs/orders.md).
 *
 * Two fresh customers, approved and funded through the API; A also buys 10 g from the house at market (API). A, on a
 * phone, opens /ordens, reads the limit-or-market explanation, sees that a sell too small to cover the R$ 5,00 fee has
 * neither summary nor button, then rests a limit sell inside the spread (2 g at R$ 9,05: the summary shows the minimum
 * fee, the IOF and the total to receive before the button); it is pending under 'Minhas ordens' and greyed in the
 * table. B, on a desktop, finds it in 'Quero comprar' (not greyed, with its buy button), takes it through the
 * confirmation; B's completed orders and drawer show it (reais down, grams up). A reloads: the sell is completed and
 * A's drawer changed (grams down, reais up). A then rests a limit buy and cancels it; the history tabs
 * ordens-canceladas and ordens-realizadas list them. B switches to 'A mercado' (the price field is disabled and shows
 * the book's average price) and buys 1 g at market.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiLogin } from '../lib/api';
import { DESKTOP, launchBrowser, PHONE, shotBoth, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from '../lib/env';
import { expectFocusOn } from '../lib/keyboard';
import {
  approvedCustomer,
  type Balances,
  centsOf,
  centsText,
  confirmDialog,
  drawerBalances,
  expectOneRow,
  expectSummary,
  marketOrder,
  openOrdersTab,
  orderForm,
  ordersList,
  quote,
  rowsWith,
} from '../lib/orders';
import {
  byRole,
  click,
  dataTable,
  expectHidden,
  expectPath,
  expectText,
  expectVisible,
  field,
  snackbar,
  typeMasked,
} from '../lib/ui';
import { eventually } from '../lib/wait';

const seller = { name: 'Helena Duarte Vasconcelos', email: uniqueEmail('vendedora') };
const buyer = { name: 'Otávio Reis Almeida', email: uniqueEmail('comprador') };

const RESTING = 'Ordem registrada. Ela fica no livro até encontrar uma contraparte ou ser cancelada.';
const FILLED = 'Ordem executada.';
const SELL_NOT_ALLOWED =
  'O valor líquido desta venda seria zero ou negativo. Aumente a quantidade ou o preço para cobrir a taxa e o IOF.';

/** 2 g at R$ 9,05 (orderCost with 0,50%, 0,38%, R$ 5,00): value R$ 18,10, fee R$ 5,00 (the minimum), IOF R$ 0,09. */
const TRADE = { value: 1810, fee: 500, iof: 9, sellNet: 1301, buyTotal: 2319, centigrams: 200 };

async function openOrders(page: Page): Promise<void> {
  await page.goto('/ordens');
  // the first screen of a context loads the app and its chunks: slower than the steps after it on a busy machine
  await page.getByRole('tab', { name: 'Quero comprar' }).waitFor({ timeout: 30_000 });
  await expectVisible(byRole(page, 'heading', 'Ordens'));
}

/** The vertical position of an element on the page (for "the summary comes before the button"). */
async function topOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  assert.ok(box, `${String(locator)} has a box`);
  return box.y;
}

describe('Ordens: dois clientes negociam pelo livro', () => {
  let browser: Browser;
  let sellerToken: string;
  let buyerToken: string;

  before(async () => {
    browser = await launchBrowser();
    const operatorToken = await apiLogin(DEMO.operator.email, DEMO_PASSWORD);
    [sellerToken, buyerToken] = (
      await Promise.all([approvedCustomer(seller, operatorToken, 200), approvedCustomer(buyer, operatorToken, 300)])
    ).map((customer) => customer.token) as [string, string];
    // A's silver: 10 g from the house's asks
    await marketOrder(sellerToken, 'buy', 10);
  });
  after(async () => {
    await browser?.close();
  });

  it('A vende no celular com ordem limitada; B compra a ordem da tabela no computador', {
    timeout: 120_000,
  }, async () => {
    await withPage(browser, { viewport: PHONE, name: 'orders-seller', token: sellerToken }, async (a) => {
      await openOrders(a);
      const aBefore: Balances = await drawerBalances(a);
      assert.equal(aBefore.centigrams, 1000, 'A holds the 10 g bought from the house');
      await openOrdersTab(a, 'Quero vender');
      const form = orderForm(a, 'sell');
      await expectVisible(form);
      await expectVisible(byRole(a, 'table', 'Ofertas de compra').or(byRole(a, 'list', 'Ofertas de compra')));
      await shotBoth(a, 'ordens-quero-vender');

      // ---- the limit-or-market explanation
      await click(form, 'button', 'Limitada ou a mercado: qual escolher?');
      const explanation = a.getByRole('dialog', { name: 'Ordem limitada ou a mercado?' });
      await expectVisible(explanation);
      for (const part of ['Ordem limitada', 'Ordem a mercado', 'Qual escolher?']) {
        await expectVisible(byRole(explanation, 'heading', part));
      }
      await shotBoth(a, 'ordens-limitada-ou-mercado');
      await confirmDialog(explanation, 'Entendi');

      // ---- too small to cover the R$ 5,00 fee: no summary, no button (spec 2 §4)
      await typeMasked(form, 'Preço por grama', '9,05');
      await typeMasked(form, 'Quantidade', '0,50');
      await expectText(form, SELL_NOT_ALLOWED);
      assert.equal(await form.getByRole('region', { name: 'Resumo da ordem' }).count(), 0, 'no summary');
      assert.equal(await byRole(form, 'button', 'Vender').count(), 0, 'no button');
      await shotBoth(a, 'ordens-venda-pequena-demais');

      // ---- 2 g at R$ 9,05, inside the spread: the summary, then the button
      await typeMasked(form, 'Quantidade', '2');
      await expectSummary(form, [
        `Valor (2,00 g × R$ 9,05) ${centsText(TRADE.value)}`,
        `Taxa operacional (mínima) -${centsText(TRADE.fee)}`,
        `IOF (0,38%) -${centsText(TRADE.iof)}`,
        `Total a receber ${centsText(TRADE.sellNet)}`,
      ]);
      await expectHidden(form.getByText(SELL_NOT_ALLOWED));
      const sell = byRole(form, 'button', 'Vender');
      await expectVisible(sell);
      assert.ok(
        (await topOf(form.getByRole('region', { name: 'Resumo da ordem' }))) < (await topOf(sell)),
        'the summary comes before the button',
      );
      await shotBoth(a, 'ordens-venda-resumo');
      await sell.click();
      await expectVisible(snackbar(a, RESTING));
      // the 2 g are held while the order rests
      await drawerBalances(a, { cents: aBefore.cents, centigrams: aBefore.centigrams - TRADE.centigrams });

      await openOrdersTab(a, 'Minhas ordens');
      await expectOneRow(ordersList(a, 'Ordens pendentes'), ['Venda', 'R$ 9,05', '2,00 g', centsText(TRADE.value)]);
      await shotBoth(a, 'ordens-minhas-pendente');

      // A's own order in the table: greyed, with "Sua ordem" and a cancel button instead of "Comprar"
      await openOrdersTab(a, 'Quero comprar');
      const own = await expectOneRow(ordersList(a, 'Ofertas de venda'), ['R$ 9,05', '2,00 g']);
      await expectText(own, 'Sua ordem');
      await expectVisible(byRole(own, 'button', 'Cancelar sua ordem de 2,00 g a R$ 9,05 por grama'));
      await shotBoth(a, 'ordens-quero-comprar-sua-ordem');

      // ---- B takes it from the table, on a desktop
      await withPage(browser, { viewport: DESKTOP, name: 'orders-buyer', token: buyerToken }, async (b) => {
        await openOrders(b);
        const bBefore = await drawerBalances(b);
        assert.equal(bBefore.centigrams, 0, 'B has no silver yet');
        await b.mouse.move(0, 0); // no row under the mouse (a hovered row is shaded too)
        const book = ordersList(b, 'Ofertas de venda');
        const offer = await expectOneRow(book, ['R$ 9,05', '2,00 g']);
        const house = await expectOneRow(book, ['R$ 9,10']);
        assert.equal(await offer.getByText('Sua ordem').count(), 0, "A's order is not B's");
        const background = (row: Locator) => row.evaluate((el) => getComputedStyle(el).backgroundColor);
        assert.equal(await background(offer), await background(house), "A's order is not greyed for B");
        const take = byRole(offer, 'button', 'Comprar 2,00 g a R$ 9,05 por grama');
        await expectVisible(take);
        await shotBoth(b, 'ordens-quero-comprar');

        // the house's row is more than B's reais: its confirmation says why and offers "Fechar", not "Comprar"
        await house.getByRole('button', { name: /^Comprar / }).click();
        const blocked = b.getByRole('dialog', { name: 'Comprar esta oferta?' });
        await expectText(blocked, /Saldo em reais insuficiente para esta ordem/);
        assert.equal(await byRole(blocked, 'button', 'Comprar').count(), 0, 'no action for a row B cannot pay');
        await shotBoth(b, 'ordens-comprar-oferta-bloqueada');
        await confirmDialog(blocked, 'Fechar');

        await take.click();
        const confirm = b.getByRole('dialog', { name: 'Comprar esta oferta?' });
        await expectVisible(confirm);
        await expectSummary(
          confirm,
          [
            `Valor (2,00 g × R$ 9,05) ${centsText(TRADE.value)}`,
            `Taxa operacional (mínima) ${centsText(TRADE.fee)}`,
            `IOF (0,38%) ${centsText(TRADE.iof)}`,
            `Total a pagar ${centsText(TRADE.buyTotal)}`,
          ],
          'Resumo da oferta',
        );
        await shotBoth(b, 'ordens-comprar-oferta');
        await confirmDialog(confirm, 'Comprar');
        await expectVisible(snackbar(b, FILLED));
        await expectHidden(rowsWith(book, ['R$ 9,05']), 'the order leaves the book');
        await drawerBalances(b, {
          cents: bBefore.cents - TRADE.buyTotal,
          centigrams: bBefore.centigrams + TRADE.centigrams,
        });

        await openOrdersTab(b, 'Minhas ordens');
        await expectOneRow(ordersList(b, 'Ordens realizadas'), [
          'Compra',
          'R$ 9,05',
          '2,00 g',
          centsText(TRADE.fee),
          centsText(TRADE.iof),
          centsText(TRADE.buyTotal),
        ]);
        await expectText(b, 'Nenhuma ordem pendente.');
        await shotBoth(b, 'ordens-minhas-ordens');
      });

      // ---- A reloads: the sell is completed, the drawer changed
      await a.reload();
      await openOrdersTab(a, 'Minhas ordens');
      await expectOneRow(ordersList(a, 'Ordens realizadas'), [
        'Venda',
        'R$ 9,05',
        '2,00 g',
        centsText(TRADE.fee),
        centsText(TRADE.iof),
        centsText(TRADE.sellNet),
      ]);
      await expectText(a, 'Nenhuma ordem pendente.');
      await drawerBalances(a, {
        cents: aBefore.cents + TRADE.sellNet,
        centigrams: aBefore.centigrams - TRADE.centigrams,
      });
    });
  });

  it('A registra uma compra limitada e a cancela; os históricos mostram a cancelada e a realizada', {
    timeout: 120_000,
  }, async () => {
    await withPage(browser, { viewport: PHONE, name: 'orders-cancel', token: sellerToken }, async (page) => {
      await openOrders(page);
      const before = await drawerBalances(page);
      const form = orderForm(page, 'buy');
      // an order the balance and the annual limit cannot carry: 'Comprar' (pressed with Enter, so the focus shows) sends
      // nothing and opens no confirmation; the focus goes to the first warning, which says why
      await typeMasked(form, 'Preço por grama', '9,10');
      await typeMasked(form, 'Quantidade', '100000');
      await expectText(form, /ultrapassa o seu limite anual/);
      await byRole(form, 'button', 'Comprar').focus();
      await page.keyboard.press('Enter');
      const balanceWarning = form.getByRole('status').filter({ hasText: /^Saldo em reais insuficiente/ });
      await expectFocusOn(page, balanceWarning, 'the balance warning');
      assert.equal(await page.getByRole('dialog').count(), 0, 'no confirmation for a blocked order');
      await shotBoth(page, 'ordens-compra-bloqueada');
      // an order worth R$ 0,00: the quantity says why nothing is sent
      await typeMasked(form, 'Preço por grama', '0,01');
      await typeMasked(form, 'Quantidade', '0,01');
      await click(form, 'button', 'Comprar');
      await expectText(form, 'O valor desta ordem é pequeno demais: aumente a quantidade ou o preço.');
      await shotBoth(page, 'ordens-valor-zero');

      await typeMasked(form, 'Preço por grama', '8,91');
      await typeMasked(form, 'Quantidade', '3');
      // 3 g at R$ 8,91: R$ 26,73, the minimum fee, IOF R$ 0,12
      await expectSummary(form, [
        'Valor (3,00 g × R$ 8,91) R$ 26,73',
        'Taxa operacional (mínima) R$ 5,00',
        'IOF (0,38%) R$ 0,12',
        'Total a pagar R$ 31,85',
      ]);
      await click(form, 'button', 'Comprar');
      await expectVisible(snackbar(page, RESTING));
      // the total is held while the order rests
      await drawerBalances(page, { cents: before.cents - 3185, centigrams: before.centigrams });

      await openOrdersTab(page, 'Minhas ordens');
      const pending = ordersList(page, 'Ordens pendentes');
      const mine = await expectOneRow(pending, ['Compra', 'R$ 8,91', '3,00 g']);
      await click(mine, 'button', 'Cancelar a ordem de compra de 3,00 g a R$ 8,91 por grama');
      const confirm = page.getByRole('dialog', { name: 'Cancelar ordem?' });
      await expectVisible(confirm);
      await expectText(confirm, /A ordem de compra de 3,00 g a R\$ 8,91 por grama sai do livro/);
      await shotBoth(page, 'ordens-cancelar');
      await confirmDialog(confirm, 'Cancelar ordem');
      await expectVisible(snackbar(page, 'Ordem cancelada.'));
      await expectText(page, 'Nenhuma ordem pendente.');
      await drawerBalances(page, before);

      // ---- the history tabs
      await page.goto('/meu-historico/ordens-canceladas');
      await expectPath(page, '/meu-historico/ordens-canceladas');
      const cancelled = dataTable(page, 'Ordens canceladas');
      await expectVisible(cancelled);
      await expectOneRow(cancelled, ['Compra', 'R$ 8,91', '3,00 g', 'R$ 26,73']);
      await shotBoth(page, 'meu-historico-ordens-canceladas');

      await page.goto('/meu-historico/ordens-realizadas');
      const completed = dataTable(page, 'Ordens realizadas');
      await expectVisible(completed);
      const sale = await expectOneRow(completed, [
        'Venda',
        'R$ 9,05',
        '2,00 g',
        'R$ 5,00',
        'R$ 0,09',
        centsText(TRADE.sellNet),
      ]);
      // and the 10 g bought at market when the journey began
      await expectOneRow(completed, ['Compra', '10,00 g']);
      // on a phone, down to 320 px, every figure of the row is on the screen and the page never scrolls sideways
      for (const width of [PHONE.width, 320]) {
        await page.setViewportSize({ width, height: PHONE.height });
        await eventually(async () => {
          const net = await sale.getByText(centsText(TRADE.sellNet), { exact: true }).boundingBox();
          assert.ok(net && net.x >= 0 && net.x + net.width <= width, `the net at ${width} px: ${JSON.stringify(net)}`);
          const sideways = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
          assert.ok(sideways <= 0, `the page scrolls ${sideways} px sideways at ${width} px`);
        });
      }
      await page.setViewportSize(PHONE);
      await shotBoth(page, 'meu-historico-ordens-realizadas');
    });
  });

  it('B compra a mercado: o preço fica desabilitado e mostra o preço médio do livro', {
    timeout: 120_000,
  }, async () => {
    await withPage(browser, { viewport: DESKTOP, name: 'orders-market', token: buyerToken }, async (page) => {
      await openOrders(page);
      const before = await drawerBalances(page);
      const form = orderForm(page, 'buy');
      await expectVisible(field(form, 'Preço por grama'));
      const market = byRole(form, 'button', 'A mercado');
      await market.click();
      await eventually(async () => assert.equal(await market.getAttribute('aria-pressed'), 'true'));
      assert.equal(await field(form, 'Preço por grama').count(), 0, 'no limit price at market');
      const average = field(form, 'Preço médio por grama');
      await expectVisible(average);
      assert.equal(await average.isDisabled(), true, 'the price field is disabled at market');

      await typeMasked(form, 'Quantidade', '1');
      const q = await quote(buyerToken, 'buy', 1);
      assert.ok(q.available && q.allowed, JSON.stringify(q));
      const price = centsText(Math.round(q.price_per_gram * 100));
      const total = Math.round(q.total * 100);
      await eventually(async () => assert.equal(centsText(centsOf(await average.inputValue())), price));
      await expectSummary(form, [`Valor (1,00 g × ${price})`, `Total a pagar ${centsText(total)}`]);
      await shotBoth(page, 'ordens-a-mercado');

      await click(form, 'button', 'Comprar');
      await expectVisible(snackbar(page, FILLED));
      await drawerBalances(page, { cents: before.cents - total, centigrams: before.centigrams + 100 });
      // after an order the form is back in limit mode, empty and without errors
      await expectVisible(field(form, 'Preço por grama'));
      await eventually(async () => {
        assert.equal(await field(form, 'Quantidade').inputValue(), '');
        assert.notEqual(await field(form, 'Quantidade').getAttribute('aria-invalid'), 'true', 'no error shown');
      });
      await openOrdersTab(page, 'Minhas ordens');
      await expectOneRow(ordersList(page, 'Ordens realizadas'), ['Compra', price, '1,00 g', centsText(total)]);
    });
  });
});
