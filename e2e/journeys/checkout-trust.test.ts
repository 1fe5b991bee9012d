/**
 * Journey: a checkout that survives the browser (docs/silver.md "The checkout's steps").
 *
 * A visitor on a phone buys a bar: each step has its own address, Back and Forward move between them with nothing
 * lost, a reload keeps the step; the e-mail never appears in the address bar. A double click on 'Fazer um Pix' makes
 * one order and one charge; a reload on the Pix step shows the same order and the same QR code (the server holds ONE
 * order and ONE charge); Back from it shows the order, never a second 'Fazer um Pix'. The embedded provider receives
 * the payment and the open dialog turns into 'Pagamento aprovado' by itself.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MESSAGES } from '@prata/domain';
import type { Browser, Page } from 'playwright-core';
import { apiCall, apiLogin, receiveDevPix } from '../lib/api';
import { launchBrowser, PHONE, shotBoth, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from '../lib/env';
import { randomCpf } from '../lib/meus-dados';
import { click, expectHidden, expectText, expectVisible, fill, normalizeSpace, snackbar, typeMasked } from '../lib/ui';
import { eventually } from '../lib/wait';

const BAR = 'Barra de prata 31,1 g (1 onça)';

type DevPayment = { asaas_payment_id: string; customer_email: string };
type AdminRow = { id: number; status: string; buyer: { email: string } };

/** The embedded provider's charges made for this buyer. */
async function chargesOf(email: string): Promise<DevPayment[]> {
  const { payments } = await apiCall<{ payments: DevPayment[] }>('GET', '/dev/payments');
  return payments.filter((p) => p.customer_email === email);
}

/** The orders the back office sees for this buyer, in any status. */
async function ordersOf(operatorToken: string, email: string): Promise<AdminRow[]> {
  const rows: AdminRow[] = [];
  for (const status of ['pending', 'paid']) {
    const answer = await apiCall<{ data: AdminRow[] }>(
      'GET',
      `/admin/silver-withdrawals?status=${status}&page=1`,
      undefined,
      operatorToken,
    );
    rows.push(...answer.data.filter((row) => row.buyer.email === email));
  }
  return rows;
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const step = (page: Page) => new URL(page.url()).searchParams.get('etapa');

async function expectStep(page: Page, slug: string, name: string): Promise<void> {
  await eventually(() => assert.equal(step(page), slug, `the address names the step ${slug}: ${page.url()}`));
  await expectVisible(region(page, name));
}

describe('Checkout que sobrevive ao navegador', () => {
  let browser: Browser;
  let operatorToken: string;
  before(async () => {
    browser = await launchBrowser();
    operatorToken = await apiLogin(DEMO.operator.email, DEMO_PASSWORD);
  });
  after(async () => browser?.close());

  it('no celular: etapas com endereço, Voltar e Avançar, recarregar no Pix, clique duplo, pagamento aprovado sozinho', {
    timeout: 240_000,
  }, async () => {
    const email = uniqueEmail('checkout-confiavel');
    await withPage(browser, { viewport: PHONE, name: 'checkout-confiavel' }, async (page) => {
      const addresses: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) addresses.push(frame.url());
      });

      await page.goto('/comprar-prata');
      // the price says what the total adds to it (clear prices)
      await expectVisible(page.getByText('+ frete e impostos do frete').first());
      await shotBoth(page, 'checkout-confiavel-0-catalogo');
      await click(page, 'link', `Comprar ${BAR}`);
      await fill(page, 'E-mail', email);
      await click(page, 'button', 'Continuar');
      await expectStep(page, 'carrinho', 'Carrinho');
      await click(region(page, 'Carrinho'), 'button', 'Continuar');

      await expectStep(page, 'dados', 'Dados pessoais');
      const personal = region(page, 'Dados pessoais');
      assert.equal(await personal.getByLabel(/^E-mail/).inputValue(), email, 'the e-mail typed before is there');
      await fill(personal, 'Nome completo', 'Clara Confiável Souza');
      await typeMasked(personal, 'CPF', randomCpf());
      await typeMasked(personal, 'Data de nascimento', '21/07/1988');
      await typeMasked(personal, 'Celular', '11987654321');
      await personal.getByLabel('Feminino').check();
      // the CPF service away once (the server answers 503 CPF_STATUS_UNAVAILABLE): its message, the step and what
      // was typed stay, and the next Continuar goes on
      await page.route(
        '**/api/user/cpf-status',
        (route) =>
          route.fulfill({
            status: 503,
            headers: { 'retry-after': '30' },
            contentType: 'application/json',
            body: JSON.stringify({ code: 'CPF_STATUS_UNAVAILABLE', message: MESSAGES.cpfStatusUnavailable }),
          }),
        { times: 1 },
      );
      await click(personal, 'button', 'Continuar');
      await expectVisible(snackbar(page, MESSAGES.cpfStatusUnavailable));
      await expectStep(page, 'dados', 'Dados pessoais');
      assert.equal(await personal.getByLabel(/^Nome completo/).inputValue(), 'Clara Confiável Souza');
      await shotBoth(page, 'checkout-confiavel-cpf-indisponivel');
      await click(personal, 'button', 'Continuar');

      await expectStep(page, 'endereco', 'Endereço');
      const address = region(page, 'Endereço');
      await typeMasked(address, 'CEP', '01310100');
      const city = address.getByRole('combobox', { name: /^Cidade/ });
      await city.click();
      await city.pressSequentially('São Paulo');
      await page.getByRole('option', { name: 'São Paulo - SP', exact: true }).click();
      await fill(address, 'Bairro', 'Bela Vista');
      await fill(address, 'Rua/avenida', 'Avenida Paulista');
      await fill(address, 'Número', '1000');
      await click(address, 'button', 'Continuar');

      await expectStep(page, 'envio', 'Envio');
      await region(page, 'Envio')
        .getByRole('radio', { name: /Correios/ })
        .first()
        .check();
      await click(region(page, 'Envio'), 'button', 'Continuar');
      await expectStep(page, 'pagamento', 'Pagamento');
      await expectVisible(page.getByRole('region', { name: 'Resumo dos valores' }));

      // Back and Forward: each step shown as it was left
      await page.goBack();
      await expectStep(page, 'envio', 'Envio');
      assert.ok(
        await region(page, 'Envio')
          .getByRole('radio', { name: /Correios/ })
          .first()
          .isChecked(),
        'a Correios service is still chosen',
      );
      await page.goBack();
      await expectStep(page, 'endereco', 'Endereço');
      assert.equal(
        await region(page, 'Endereço')
          .getByLabel(/^Número/)
          .inputValue(),
        '1000',
      );
      await page.goForward();
      await expectStep(page, 'envio', 'Envio');
      // a reload on a step keeps it, with what was chosen
      await page.reload();
      await expectStep(page, 'envio', 'Envio');
      assert.ok(
        await region(page, 'Envio')
          .getByRole('radio', { name: /Correios/ })
          .first()
          .isChecked(),
        'a Correios service is still chosen',
      );
      await page.goForward();
      await expectStep(page, 'pagamento', 'Pagamento');
      await expectVisible(page.getByRole('region', { name: 'Resumo dos valores' }));
      await shotBoth(page, 'checkout-confiavel-1-pagamento');

      // a double click on the paying button: one order, one charge
      await page.getByRole('button', { name: 'Fazer um Pix', exact: true }).dblclick();
      const pix = page.getByRole('dialog', { name: 'Pague com Pix' });
      await expectVisible(pix.getByRole('img'));
      await eventually(() => assert.equal(step(page), 'pix'));
      const token = new URL(page.url()).searchParams.get('pedido');
      assert.ok(token, 'the order token in the address');
      const order = Number(/Pedido nº (\d+)/.exec(normalizeSpace(await pix.textContent()))?.[1]);
      assert.ok(order > 0, 'the dialog names the order');
      await expectVisible(pix.getByRole('timer'));
      assert.match(normalizeSpace(await pix.getByRole('timer').textContent()), /Expira em \d+:\d{2}/);
      const code = await pix.getByLabel('Pix copia e cola').inputValue();
      await shotBoth(page, 'checkout-confiavel-2-pix');
      assert.equal((await chargesOf(email)).length, 1, 'one charge after a double click');
      assert.deepEqual(
        (await ordersOf(operatorToken, email)).map((row) => row.id),
        [order],
        'one order after a double click',
      );

      // a reload on the Pix step: the same order and the same QR code
      await page.reload();
      const again = page.getByRole('dialog', { name: 'Pague com Pix' });
      await expectVisible(again.getByRole('img'));
      await expectText(again, `Pedido nº ${order}`);
      assert.equal(await again.getByLabel('Pix copia e cola').inputValue(), code, 'the same Pix after a reload');
      // Back from the Pix: the order, never a second 'Fazer um Pix'; Forward: the Pix again
      await page.goBack();
      await expectStep(page, 'pagamento', 'Pagamento');
      await expectText(region(page, 'Pagamento'), `Pedido nº ${order} recebido`);
      assert.equal(await page.getByRole('button', { name: 'Fazer um Pix', exact: true }).count(), 0);
      await shotBoth(page, 'checkout-confiavel-3-pedido');
      await page.goBack();
      await expectStep(page, 'envio', 'Envio');
      await expectText(region(page, 'Envio'), new RegExp(`O pedido nº ${order} já foi feito com estes dados`));
      await page.goForward();
      await page.goForward();
      const open = page.getByRole('dialog', { name: 'Pague com Pix' });
      await expectVisible(open.getByRole('img'));
      assert.equal((await chargesOf(email)).length, 1, 'still one charge');
      assert.equal((await ordersOf(operatorToken, email)).length, 1, 'still one order');

      // the payment arrives: the open dialog turns into 'Pagamento aprovado' by itself
      const [charge] = await chargesOf(email);
      await receiveDevPix(charge!.asaas_payment_id);
      const approved = page.getByRole('dialog', { name: 'Pagamento aprovado' });
      await expectVisible(approved, "the dialog's 'Pagamento aprovado'");
      await expectHidden(open.getByRole('img'));
      await shotBoth(page, 'checkout-confiavel-4-aprovado');
      assert.equal((await ordersOf(operatorToken, email))[0]?.status, 'paid');

      const leaked = addresses.filter((url) => url.includes('@') || /e-?mail=/i.test(url));
      assert.deepEqual(leaked, [], 'no address of the journey held the e-mail');
    });
  });
});
