/**
 * Automatic saving (issue 30 item 2). A fresh customer (phone) sets a weekly plan of R$ 50,00 paid by Pix Automático
 * on /poupanca-automatica, reading a run's grams, fee and IOF before starting; pays the first charge with "Pagar" on
 * /dev/caixa-postal (the embedded provider's payer's bank); the test clock moves a week; the plan has bought twice
 * (the first charge, then the week's charge debited through the same webhook) and each run shows what it bought. The
 * operator sees the plan and its runs on /admin/poupancas.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { apiCall, apiLogin } from '../lib/api';
import { DESKTOP, launchBrowser, PHONE, shotBoth, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from '../lib/env';
import { approvedCustomer } from '../lib/orders';
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

describe('Poupança automática', () => {
  it('a weekly plan by Pix Automático: the first Pix paid, a week later the plan buys again', {
    timeout: 240_000,
  }, async () => {
    const email = uniqueEmail('poupanca');
    const customer = await approvedCustomer({ name: 'Paula Poupadora Reis', email }, operatorToken, 0);

    await withPage(browser, { viewport: PHONE, token: customer.token, name: 'poupanca-automatica' }, async (page) => {
      await page.goto('/poupanca-automatica');
      await expectText(page, 'Você ainda não tem uma poupança automática.');
      await fill(page, 'Valor de cada compra', '50,00');
      const preview = page.getByTestId('saving-preview');
      await expectVisible(preview);
      await eventually(async () => {
        const text = normalizeSpace(await preview.textContent());
        assert.match(text, /Tarifa \(0,5%\)R\$ \d+,\d\d/, text);
        assert.match(text, /IOF \(0,38%\)R\$ \d+,\d\d/, text);
      });
      await shotBoth(page, 'poupanca-1-formulario');
      await click(page, 'button', 'Criar poupança automática');
      const pix = byRole(page, 'region', 'Pix para autorizar');
      await expectVisible(pix);
      await expectVisible(pix.getByRole('img', { name: /QR Code do Pix de R\$ 50,00/ }));
      await shotBoth(page, 'poupanca-2-pix');
      const card = byRole(page, 'article', 'R$ 50,00 toda segunda');
      await expectText(card, 'Aguardando o Pix');

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

      // a week passes: the first run buys, the week's charge is debited and buys too
      const moved = await apiCall<{ offset_days: number }>('POST', '/dev/clock', { advance_days: 7 });
      assert.equal(moved.offset_days, 7);
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
