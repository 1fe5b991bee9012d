/**
 * Journey: price alerts, automatic saving, the statement and the proof of reserves as one customer lives them
 * (phone). A fresh customer sets a price alert, then a weekly plan of
 * R$ 50,00 paid by Pix Automático on /poupanca-automatica; pays the first charge with "Pagar" on /dev/caixa-postal;
 * the test clock moves a week and the plan buys; the plan's buy crosses the alert, whose e-mail shows in the mailbox;
 * the month's statement lists the purchase; and /prova-de-reservas verifies the customer's own leaf in the browser.
 * Each part has its own journey too (saving-plans, price-alerts, statements, reserves); this one checks they meet.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { apiCall, apiLogin } from '../lib/api';
import { launchBrowser, PHONE, shotBoth, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from '../lib/env';
import { approvedCustomer, quote } from '../lib/orders';
import { outbox } from '../lib/outbox';
import { byRole, click, expectText, expectVisible, fill, normalizeSpace, snackbar } from '../lib/ui';
import { eventually } from '../lib/wait';

let browser: Browser;
let operatorToken: string;

before(async () => {
  browser = await launchBrowser();
  operatorToken = await apiLogin(DEMO.operator.email, DEMO_PASSWORD);
  await apiCall('POST', '/dev/clock', { reset: true });
});
after(async () => {
  // the clock is the server's: back to the real time for the lane's next journeys
  await apiCall('POST', '/dev/clock', { reset: true }).catch(() => {});
  await browser?.close();
});

const ALERT_SUBJECT = 'Alerta de preço da prata';

describe('Além das âncoras: poupança, alerta, extrato e prova de reservas', () => {
  it('the plan buys a week later, the alert fires, the statement lists it, the leaf verifies', {
    timeout: 300_000,
  }, async () => {
    const email = uniqueEmail('alem');
    const customer = await approvedCustomer({ name: 'Ana Além Barbosa', email }, operatorToken, 0);
    // an alert no buy at today's asks can miss: at or below R$ 1,00 above the best ask
    const best = await quote(customer.token, 'buy', 1);
    assert.ok(best.available, 'the demo book has asks');
    const alertPrice = (Math.round(best.price_per_gram * 100) + 100) / 100;
    await apiCall('POST', '/price-alerts', { direction: 'below', price_per_gram: alertPrice }, customer.token);

    await withPage(browser, { viewport: PHONE, token: customer.token, name: 'alem-das-ancoras' }, async (page) => {
      // the weekly plan, paid by Pix Automático
      await page.goto('/poupanca-automatica');
      await fill(page, 'Valor de cada compra', '50,00');
      await expectVisible(page.getByTestId('saving-preview'));
      await click(page, 'button', 'Criar poupança automática');
      await expectVisible(byRole(page, 'region', 'Pix para autorizar'));
      const card = byRole(page, 'article', 'R$ 50,00 toda segunda');
      await expectText(card, 'Aguardando o Pix');
      const { pendingDeposits } = await apiCall<{ pendingDeposits: Array<{ asaas_payment_id: string | null }> }>(
        'GET',
        '/deposit',
        undefined,
        customer.token,
      );
      const paymentId = pendingDeposits[0]?.asaas_payment_id;
      assert.ok(paymentId, 'the first charge waits as a Pix deposit');
      await page.goto('/dev/caixa-postal');
      const pix = page.getByRole('list', { name: 'Pagamentos Pix pendentes' }).getByRole('listitem');
      await click(pix.filter({ hasText: paymentId }), 'button', `Pagar ${paymentId}`);
      await expectVisible(snackbar(page, 'Pagamento recebido pelo provedor embutido.'));

      // a week passes: the plan buys
      await apiCall('POST', '/dev/clock', { advance_days: 7 });
      await page.goto('/poupanca-automatica');
      await expectText(card, 'Ativa');
      await eventually(async () => {
        const runs = card.getByTestId('saving-run');
        assert.ok((await runs.count()) >= 1, 'a run');
        assert.match(normalizeSpace(await runs.first().textContent()), /Comprou \d+,\d\d g por R\$ \d+,\d\d/);
      });
      await shotBoth(page, 'alem-1-poupanca');

      // the plan's buy crossed the alert: one e-mail, shown in the mailbox
      await eventually(
        async () => {
          const mails = (await outbox(email)).filter((m) => m.subject === ALERT_SUBJECT);
          assert.equal(mails.length, 1, 'one alert e-mail');
        },
        { timeoutMs: 20_000, intervalMs: 500 },
      );
      await page.goto('/dev/caixa-postal');
      await fill(page, 'E-mail ou celular', email);
      await click(page, 'button', 'Buscar');
      await expectText(page.getByRole('list', { name: 'Mensagens' }), ALERT_SUBJECT);
      await shotBoth(page, 'alem-2-alerta');

      // the month's statement lists the purchase
      await page.goto('/meu-historico/extrato');
      const month = byRole(page, 'combobox', 'Mês');
      await month.click();
      await page.getByRole('option', { name: /\(em andamento\)$/ }).click();
      await expectText(byRole(page, 'list', 'Movimentações: Reais'), 'Depósito por Pix');
      await expectText(byRole(page, 'list', 'Movimentações: Prata (gramas)'), 'Compra de prata: gramas recebidas');
      await shotBoth(page, 'alem-3-extrato');

      // today's proof of reserves holds the grams bought, and the page verifies the leaf
      await apiCall('POST', '/dev/reserves/today', undefined);
      await page.goto('/prova-de-reservas');
      await expectText(page, 'Verificado neste navegador: sua folha leva à raiz publicada.');
      await shotBoth(page, 'alem-4-reservas');
    });
  });
});
