/**
 * Automatic saving. A fresh customer (phone) sets a weekly plan of R$ 50,00 paid by Pix Automático
 * on /poupanca-automatica, reading a run's grams, fee (the minimum, said so) and IOF, and when the first and next
 * charges happen, before starting; a double click makes one plan; pays the first charge with "Pagar" on
 * /dev/caixa-postal (the embedded provider's payer's bank); the test clock moves to the next charge's date the screen
 * said; the plan has bought twice (the first charge, then the week's charge debited through the same webhook) and
 * each run shows what it bought. The operator sees the plan and its runs on /admin/poupancas.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { apiCall, apiLogin } from '../lib/api';
import { DESKTOP, launchBrowser, PHONE, shotBoth, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from '../lib/env';
import { approvedCustomer } from '../lib/orders';
import {
  byRole,
  click,
  expectFieldError,
  expectText,
  expectVisible,
  field,
  fill,
  normalizeSpace,
  snackbar,
  typeMasked,
} from '../lib/ui';
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

describe('Poupança automática', () => {
  it('a weekly plan by Pix Automático: the first Pix paid, at the next charge the plan buys again', {
    timeout: 240_000,
  }, async () => {
    const email = uniqueEmail('poupanca');
    const customer = await approvedCustomer({ name: 'Paula Poupadora Reis', email }, operatorToken, 0);

    await withPage(browser, { viewport: PHONE, token: customer.token, name: 'poupanca-automatica' }, async (page) => {
      await page.goto('/poupanca-automatica');
      await expectText(page, 'Você ainda não tem uma poupança automática.');
      // each Pix Automático charge is a deposit: above the most per deposit, the plan is refused under the amount
      await fill(page, 'Valor de cada compra', '50.000,00');
      await click(page, 'button', 'Criar poupança automática');
      await expectFieldError(
        page,
        'Valor de cada compra',
        'Cada cobrança do Pix Automático entra como um depósito na sua conta. O valor máximo por depósito é R$ 10.000,00. Seu limite de depósitos é de R$ 50.000,00 a cada 30 dias. Você ainda pode depositar R$ 50.000,00.',
      );
      await shotBoth(page, 'poupanca-0-limite');
      await fill(page, 'Valor de cada compra', '50,00');
      // the end, typed the Brazilian way, digits only: the mask writes the slashes
      await typeMasked(page, 'Termina em (opcional)', '31122027');
      assert.equal(await field(page, 'Termina em (opcional)').inputValue(), '31/12/2027', 'dd/mm/aaaa');
      const preview = page.getByTestId('saving-preview');
      await expectVisible(preview);
      await eventually(async () => {
        const text = normalizeSpace(await preview.textContent());
        // R$ 50,00 a run: 0,5% of the silver is less than the R$ 5,00 minimum fee, and the label says so
        assert.match(text, /Tarifa \(mínima\)R\$ 5,00/, text);
        assert.match(text, /IOF \(0,38%\)R\$ \d+,\d\d/, text);
      });
      // before paying: which run the first Pix pays, and when the next charge comes
      await expectText(
        page.getByTestId('saving-schedule'),
        /Ao pagar o primeiro Pix agora, a compra de \d\d\/\d\d\/\d{4} é feita na hora\. A próxima cobrança pelo Pix Automático será em \d\d\/\d\d\/\d{4}\./,
      );
      await shotBoth(page, 'poupanca-1-formulario');
      // a double click makes one plan (one intention, one Idempotency-Key)
      await byRole(page, 'button', 'Criar poupança automática').dblclick();
      const pix = byRole(page, 'region', 'Pix para autorizar');
      await expectVisible(pix);
      await expectVisible(pix.getByRole('img', { name: /QR Code do Pix de R\$ 50,00/ }));
      await shotBoth(page, 'poupanca-2-pix');
      const card = byRole(page, 'article', 'R$ 50,00 toda segunda');
      await expectText(card, 'Aguardando o Pix');
      await expectText(card, /até 31\/12\/2027/);
      const { plans } = await apiCall<{ plans: Array<{ next_run_date: string; end_date: string | null }> }>(
        'GET',
        '/saving-plans',
        undefined,
        customer.token,
      );
      assert.equal(plans.length, 1, 'a double click made one plan');
      assert.equal(plans[0]!.end_date, '2027-12-31', 'the end date as the API keeps it');
      const nextCharge = plans[0]!.next_run_date;
      const nextShown = nextCharge.split('-').reverse().join('/');
      await expectText(pix, new RegExp(`A próxima cobrança pelo Pix Automático será em ${nextShown}\\.`));

      // the payer's bank pays the composite code: the mailbox's "Pagar"
      const { pendingDeposits } = await apiCall<{ pendingDeposits: Array<{ asaas_payment_id: string | null }> }>(
        'GET',
        '/deposit',
        undefined,
        customer.token,
      );
      const paymentId = pendingDeposits[0]?.asaas_payment_id;
      assert.ok(paymentId, 'the first charge waits as a Pix deposit');
      await page.goto('/dev/caixa-postal');
      const list = page.getByRole('list', { name: 'Pagamentos Pix pendentes' });
      const row = list.getByRole('listitem').filter({ hasText: paymentId });
      await click(row, 'button', `Pagar ${paymentId}`);
      await expectVisible(snackbar(page, 'Pagamento recebido pelo provedor embutido.'));

      // the clock moves to the next charge's date, as the screen said: the week's charge is debited and buys too
      const { now } = await apiCall<{ now: string }>('POST', '/dev/clock', { advance_days: 0 });
      // Brasília's date (UTC−3 all year)
      const today = new Date(Date.parse(now) - 3 * 3_600_000).toISOString().slice(0, 10);
      const days = Math.round((Date.parse(nextCharge) - Date.parse(today)) / 86_400_000);
      assert.ok(days >= 1 && days <= 14, `next charge ${nextCharge}, today ${today}`);
      const moved = await apiCall<{ offset_days: number }>('POST', '/dev/clock', { advance_days: days });
      assert.equal(moved.offset_days, days);
      await page.goto('/poupanca-automatica');
      await expectText(card, 'Ativa');
      const runs = card.getByTestId('saving-run');
      await eventually(async () => assert.equal(await runs.count(), 2));
      for (let i = 0; i < 2; i++) {
        const text = normalizeSpace(await runs.nth(i).textContent());
        assert.match(text, /Comprou \d+,\d\d g por R\$ (4\d|50),\d\d/, text);
      }
      await card.scrollIntoViewIfNeeded();
      await shotBoth(page, 'poupanca-3-compras');
    });

    await withPage(browser, { viewport: DESKTOP, token: operatorToken, name: 'admin-poupancas' }, async (page) => {
      await page.goto('/admin/poupancas');
      const table = page.getByRole('table', { name: 'Poupanças automáticas' });
      await expectVisible(table);
      await eventually(async () => {
        const text = normalizeSpace(await table.textContent());
        assert.ok(text.includes(email) && text.includes('R$ 50,00 toda segunda') && text.includes('Comprou'), text);
      });
      await shotBoth(page, 'admin-poupancas');
    });
  });
});
