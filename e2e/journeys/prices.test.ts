/**
 * Journey: one price everywhere, and fees that explain themselves.
 *
 * The demo's trades were dated back after they were made, so the trade with the highest id is not the last one: the
 * last price on /ordens once read R$ 7,97 while the chart's last candle and the back office said R$ 8,95. Here the
 * figure on a customer's /ordens (phone), the price-history answer's last price and its last candle, and the
 * operator's /admin/mercado (desktop) are the same. (The checkout's rates, coupon and "Entenda as taxas": silver.test.ts.)
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { apiCall } from '../lib/api';
import { DESKTOP, launchBrowser, PHONE, shot, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD } from '../lib/env';
import { loginThroughUi } from '../lib/flows';
import { expectVisible, normalizeSpace, storedItem } from '../lib/ui';
import { eventually } from '../lib/wait';

type History = { last_price: number | null; candles: Array<{ close: number }> };

/** R$ 8,95 → 895 */
const centsIn = (text: string) => {
  const match = /R\$\s*([\d.]+,\d{2})/.exec(text);
  assert.ok(match, `a price in "${text}"`);
  return Number(match[1]!.replace(/\./g, '').replace(',', ''));
};

describe('Um preço só, e taxas que se explicam', () => {
  let browser: Browser;
  let lastCents = 0;

  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('/ordens mostra o último negócio, o mesmo da resposta e do gráfico', { timeout: 120_000 }, async () => {
    await withPage(browser, { viewport: PHONE, name: 'prices-orders' }, async (page) => {
      await loginThroughUi(page, DEMO.customer.email, DEMO_PASSWORD);
      await eventually(async () => assert.ok(await storedItem(page, 'authToken'), 'signed in'));
      await page.goto('/ordens');
      const chart = page.getByRole('region', { name: 'Preço da prata' });
      await expectVisible(chart.getByText('Último preço por grama'));
      const token = (await storedItem(page, 'authToken')) ?? '';
      const history = await apiCall<History>('GET', '/orders/price-history?range=day', undefined, token);
      assert.ok(history.last_price !== null, 'the demo has trades');
      lastCents = Math.round(history.last_price * 100);
      const lastCandle = history.candles.at(-1);
      assert.ok(lastCandle, 'the day has candles');
      assert.equal(Math.round(lastCandle.close * 100), lastCents, 'the last candle closes at the last price');
      await eventually(async () => {
        const shown = normalizeSpace(await chart.textContent());
        assert.equal(centsIn(shown.slice(shown.indexOf('Último preço por grama'))), lastCents, shown);
      });
      await shot(page, 'prices-ordens-390x844');
    });
  });

  it('o back office mostra o mesmo último preço', { timeout: 120_000 }, async () => {
    await withPage(browser, { viewport: DESKTOP, name: 'prices-admin' }, async (page) => {
      await loginThroughUi(page, DEMO.operator.email, DEMO_PASSWORD);
      await eventually(async () => assert.ok(await storedItem(page, 'authToken'), 'signed in'));
      await page.goto('/admin/mercado');
      const last = page.getByText(/^Último preço\s*R\$/).first();
      await expectVisible(last);
      await eventually(async () => assert.equal(centsIn(normalizeSpace(await last.textContent())), lastCents));
      await shot(page, 'prices-admin-mercado-1366x900');
    });
  });
});
