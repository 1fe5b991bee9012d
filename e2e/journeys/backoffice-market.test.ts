/**
 * Journey: the back office's market page, /admin/mercado (docs/orders.md, docs/decisions.md "The order book").
 *
 * The operator opens Mercado from the back office's menu and sees the house's position and the book's levels as the
 * API gives them; posts a house sell inside the spread, which shows in 'Ordens da casa', in the levels and in the
 * grams the house holds; cancels it through the confirmation. Then the operator changes the rates; while they are
 * changed, a customer's summary on /ordens shows the new fee percentage and IOF; the operator sets them back. The rates
 * are put back through the API after the test whatever happens, so the journeys after this one see the defaults.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiLogin } from '../lib/api';
import { DESKTOP, launchBrowser, PHONE, shotBoth, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD } from '../lib/env';
import {
  centigramsText,
  centsText,
  confirmDialog,
  expectOneRow,
  expectSummary,
  type MarketRates,
  marketOverview,
  orderForm,
  rowsWith,
  setMarketRates,
} from '../lib/orders';
import {
  byRole,
  click,
  expectHidden,
  expectPath,
  expectText,
  expectVisible,
  field,
  normalizeSpace,
  snackbar,
  typeMasked,
} from '../lib/ui';
import { eventually } from '../lib/wait';

type Level = { price_per_gram: number; quantity_grams: number; orders: number };
type Market = MarketRates & {
  house: { available_reais: number; held_reais: number; available_grams: number; held_grams: number };
  house_orders: Array<{ id: number; type: 'buy' | 'sell'; price_per_gram: number; status: string }>;
  asks: Level[];
  bids: Level[];
};

/** Reais or grams of the API (dot-decimal numbers) as integers of centavos or centigrams. */
const minor = (value: number) => Math.round(value * 100);

/** A house sell inside the demo's spread (bids up to R$ 8,95, asks from R$ 9,10): it rests, and nothing trades. */
const HOUSE_SELL = { price: 'R$ 9,07', typedPrice: '9,07', grams: 321, typedGrams: '3,21', value: 'R$ 29,11' };

/** The rates while changed: 1,20% and 0,40% (the defaults are 0,50%, 0,38% and a R$ 5,00 minimum). */
const CHANGED = { transaction_fee: 1.2, iof_fee: 0.4, typedFee: '1,20', typedIof: '0,40' };

/** The text of a figure of 'Posição da casa' (a region named by its label). */
async function figure(page: Page, label: string): Promise<string> {
  return normalizeSpace(await page.getByRole('region', { name: label, exact: true }).textContent());
}

async function expectFigure(page: Page, label: string, value: string): Promise<void> {
  await eventually(async () => assert.equal(await figure(page, label), `${label}${value}`.replace(/\s+/g, ' ')));
}

/** The cells of a levels table's rows, one string per row ('R$ 9,10 | 2,50 g | 1'). */
async function levelRows(table: Locator): Promise<string[]> {
  return table
    .locator('tbody > tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('td')].map((td) => (td.textContent ?? '').replace(/\s+/g, ' ').trim()).join(' | '),
      ),
    );
}

const levelText = (level: Level) =>
  `${centsText(minor(level.price_per_gram))} | ${centigramsText(minor(level.quantity_grams))} | ${level.orders}`;

describe('Back office: o mercado', () => {
  let browser: Browser;
  let operatorToken: string;
  let customerToken: string;
  let original: MarketRates;

  before(async () => {
    browser = await launchBrowser();
    operatorToken = await apiLogin(DEMO.operator.email, DEMO_PASSWORD);
    customerToken = await apiLogin(DEMO.customer.email, DEMO_PASSWORD);
    const market = await marketOverview<Market>(operatorToken);
    original = { transaction_fee: market.transaction_fee, iof_fee: market.iof_fee, minimum_fee: market.minimum_fee };
  });
  after(async () => {
    if (operatorToken && original) await setMarketRates(operatorToken, original).catch(() => undefined);
    await browser?.close();
  });

  it('a posição e o livro; uma venda da casa registrada e cancelada; as taxas mudadas e devolvidas', {
    timeout: 120_000,
  }, async () => {
    await withPage(browser, { viewport: DESKTOP, name: 'backoffice-market', token: operatorToken }, async (page) => {
      await page.goto('/admin');
      await click(page.getByRole('navigation', { name: 'Back office' }).filter({ visible: true }), 'link', 'Mercado');
      await expectPath(page, '/admin/mercado');
      await expectVisible(byRole(page, 'heading', 'Mercado'));

      // ---- the house's position and the book's levels, as the API gives them
      const before = await marketOverview<Market>(operatorToken);
      await expectFigure(page, 'Reais disponíveis', centsText(minor(before.house.available_reais)));
      await expectFigure(page, 'Prata disponível', centigramsText(minor(before.house.available_grams)));
      await expectFigure(
        page,
        'Prata reservada',
        `${centigramsText(minor(before.house.held_grams))}Em ordens de venda abertas`,
      );
      const asks = page.getByRole('table', { name: 'Ordens de venda por preço' });
      const bids = page.getByRole('table', { name: 'Ordens de compra por preço' });
      await eventually(async () => {
        // asks dearest first, so the best ask sits just above the spread; bids best first, just below it
        const shownAsks = await levelRows(asks);
        const shownBids = await levelRows(bids);
        assert.equal(shownAsks.at(-1), levelText(before.asks[0]!), 'the best ask above the spread');
        assert.equal(shownBids[0], levelText(before.bids[0]!), 'the best bid below the spread');
        assert.equal(shownAsks.length, Math.min(before.asks.length, 8));
      });
      await expectText(page, /^Spread R\$ \d+,\d{2} \(\d+,\d{2}%\)$/);
      await shotBoth(page, 'admin-mercado');

      // ---- a house sell inside the spread
      const form = page.getByRole('form', { name: 'Nova ordem da casa' });
      await click(form, 'button', 'Vender');
      await typeMasked(form, 'Preço por grama', HOUSE_SELL.typedPrice);
      await typeMasked(form, 'Quantidade', HOUSE_SELL.typedGrams);
      await eventually(async () =>
        assert.ok(
          normalizeSpace(await form.textContent()).includes(`Valor da ordem${HOUSE_SELL.value}`),
          "the form shows the order's value",
        ),
      );
      await shotBoth(page, 'admin-mercado-nova-ordem');
      await click(form, 'button', 'Registrar venda');
      await expectVisible(snackbar(page, 'Ordem da casa registrada.'));

      const orders = page.getByRole('table', { name: 'Ordens da casa' });
      const placed = await expectOneRow(orders, [HOUSE_SELL.price, centigramsText(HOUSE_SELL.grams), 'Aberta']);
      assert.match(normalizeSpace(await placed.textContent()), /^Venda #\d+/);
      await expectOneRow(asks, [HOUSE_SELL.price, centigramsText(HOUSE_SELL.grams)]);
      await expectFigure(
        page,
        'Prata reservada',
        `${centigramsText(minor(before.house.held_grams) + HOUSE_SELL.grams)}Em ordens de venda abertas`,
      );
      await shotBoth(page, 'admin-mercado-ordem-registrada');

      // ---- cancelled through the confirmation
      await click(placed, 'button', /^Cancelar ordem da casa #\d+$/);
      const cancel = page.getByRole('dialog', { name: 'Cancelar ordem da casa?' });
      await expectVisible(cancel);
      await expectText(cancel, /sai do livro/);
      await shotBoth(page, 'admin-mercado-cancelar');
      await confirmDialog(cancel, 'Cancelar ordem');
      await expectVisible(snackbar(page, /cancelada/i));
      await expectOneRow(orders, [HOUSE_SELL.price, centigramsText(HOUSE_SELL.grams), 'Cancelada']);
      await expectHidden(rowsWith(asks, [HOUSE_SELL.price]), 'the level leaves the book');
      await expectFigure(
        page,
        'Prata reservada',
        `${centigramsText(minor(before.house.held_grams))}Em ordens de venda abertas`,
      );

      // ---- the rates, changed
      const rates = page.getByRole('form', { name: 'Taxas do mercado' });
      await typeMasked(rates, 'Taxa de transação', CHANGED.typedFee);
      await typeMasked(rates, 'IOF', CHANGED.typedIof);
      await shotBoth(page, 'admin-mercado-taxas');
      await click(rates, 'button', 'Salvar taxas');
      await expectVisible(snackbar(page, 'Taxas salvas. Valem para as próximas ordens.'));
      await eventually(async () => {
        const now = await marketOverview<Market>(operatorToken);
        assert.deepEqual(
          [now.transaction_fee, now.iof_fee, now.minimum_fee],
          [CHANGED.transaction_fee, CHANGED.iof_fee, original.minimum_fee],
        );
      });

      // ---- meanwhile, a customer's summary uses them: 100 g at R$ 9,00 is R$ 900,00, a fee of 1,20% (R$ 10,80)
      await withPage(
        browser,
        { viewport: PHONE, name: 'backoffice-market-customer', token: customerToken },
        async (c) => {
          await c.goto('/ordens');
          const buy = orderForm(c, 'buy');
          await expectVisible(buy);
          await typeMasked(buy, 'Preço por grama', '9,00');
          await typeMasked(buy, 'Quantidade', '100');
          await expectSummary(buy, [
            'Valor (100,00 g × R$ 9,00) R$ 900,00',
            'Taxa operacional (1,20%) R$ 10,80',
            'IOF (0,40%) R$ 3,64',
            'Total a pagar R$ 914,44',
          ]);
          await shotBoth(c, 'ordens-taxas-alteradas');
        },
      );

      // ---- and set back
      await typeMasked(rates, 'Taxa de transação', original.transaction_fee.toFixed(2).replace('.', ','));
      await typeMasked(rates, 'IOF', original.iof_fee.toFixed(2).replace('.', ','));
      await click(rates, 'button', 'Salvar taxas');
      await eventually(async () => {
        const now = await marketOverview<Market>(operatorToken);
        assert.deepEqual(
          [now.transaction_fee, now.iof_fee, now.minimum_fee],
          [original.transaction_fee, original.iof_fee, original.minimum_fee],
        );
      });
      await eventually(async () =>
        assert.equal(await byRole(rates, 'button', 'Salvar taxas').isDisabled(), true, 'nothing left to save'),
      );
      assert.equal(
        await field(rates, 'Taxa de transação').inputValue(),
        original.transaction_fee.toFixed(2).replace('.', ','),
      );
    });
  });
});
