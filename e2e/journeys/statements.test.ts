/**
 * Journey: the monthly statement (docs/statements.md).
 *
 * A fresh customer adds R$ 200,00 by Pix and buys 1 g at market. On a phone, Meu histórico's "Extrato mensal" opens
 * /meu-historico/extrato on the last complete month (nothing yet: the account is new); the month in progress lists
 * the Pix deposit and the purchase (value, fee, IOF and the grams) with the balance after each, the closing balances
 * equal the account's, and "Baixar PDF" saves extrato-prata-<month>.pdf, a real PDF.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { apiLogin } from '../lib/api';
import { launchBrowser, PHONE, shotBoth, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from '../lib/env';
import { balancesOf, brlText, gramsText } from '../lib/money';
import { approvedCustomer, marketOrder } from '../lib/orders';
import { byRole, click, expectPath, expectText, expectVisible } from '../lib/ui';
import { eventually } from '../lib/wait';

let browser: Browser;
let token: string;

before(async () => {
  browser = await launchBrowser();
  const operatorToken = await apiLogin(DEMO.operator.email, DEMO_PASSWORD);
  ({ token } = await approvedCustomer({ name: 'Estela Extrato', email: uniqueEmail('extrato') }, operatorToken, 200));
  await marketOrder(token, 'buy', 1);
});

after(async () => {
  await browser?.close();
});

describe('Extrato mensal', () => {
  it('lists the month’s movements and downloads the PDF (phone)', { timeout: 180_000 }, async () => {
    const balances = await balancesOf(token);
    await withPage(browser, { viewport: PHONE, token, name: 'extrato' }, async (page) => {
      await page.goto('/meu-historico');
      await click(page, 'link', 'Extrato mensal');
      await expectPath(page, '/meu-historico/extrato');
      await expectVisible(byRole(page, 'heading', 'Extrato mensal'));
      // the last complete month: the account did not exist yet
      await expectVisible(byRole(page, 'list', 'Movimentações: Reais'));
      await expectText(byRole(page, 'list', 'Movimentações: Reais'), 'Nenhuma movimentação no mês.');

      // the month in progress
      const month = byRole(page, 'combobox', 'Mês');
      await month.click();
      await page.getByRole('option', { name: /\(em andamento\)$/ }).click();
      const reais = byRole(page, 'list', 'Movimentações: Reais');
      await expectText(reais, 'Depósito por Pix');
      await expectText(reais, '+R$ 200,00');
      await expectText(reais, 'Compra de prata: valor pago');
      await expectText(reais, 'Tarifa de operação');
      await expectText(reais, 'IOF');
      const grams = byRole(page, 'list', 'Movimentações: Prata (gramas)');
      await expectText(grams, 'Compra de prata: gramas recebidas');
      await expectText(grams, '+1,00 g');
      // the closing balances are the account's
      await eventually(async () => {
        const closingReais = await reais.getByRole('listitem').last().innerText();
        const closingGrams = await grams.getByRole('listitem').last().innerText();
        assert.match(
          closingReais.replace(/\s+/g, ' '),
          new RegExp(`Saldo final ${brlText(balances.brl).replace('$', '\\$')}`),
        );
        assert.match(closingGrams.replace(/\s+/g, ' '), new RegExp(`Saldo final ${gramsText(balances.grams)}`));
      });
      await shotBoth(page, 'extrato-mensal');

      const [download] = await Promise.all([page.waitForEvent('download'), click(page, 'button', 'Baixar PDF')]);
      assert.match(download.suggestedFilename(), /^extrato-prata-\d{4}-\d{2}\.pdf$/);
      const pdf = await readFile(await download.path());
      assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    });
  });
});
