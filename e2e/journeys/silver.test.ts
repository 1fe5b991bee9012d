/**
 * Journey: physical silver (spec 1 §2.3–2.5, §4.1, §4.2; spec 3 "Retirar prata"; docs/silver.md).
 *
 * A visitor opens the catalogue, buys a bar without an account (the e-mail step finds none), adds a second product in
 * the cart's dialog, types their data and address, picks a freight option, applies the demo coupon PRATA10 and pays
 * with Pix: the embedded provider receives the payment (POST /api/dev/payments/{id}/receive) and the order is paid.
 * An operator finds it in /admin/prata's packing queue and marks it sent with a tracking code. A customer with grams
 * in custody withdraws a 50 g bar on /retirar-prata (two, past the grams it has, stop at the first step) paying the
 * charges from the balance, lands on /meu-historico/prata-retirada and sees the row; their grams and reais went down
 * by what the screen showed. Each journey runs on a desktop and on a phone.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MESSAGES } from '@prata/domain';
import type { Browser, Page } from 'playwright-core';
import { apiCall, apiLogin } from '../lib/api';
import { DESKTOP, launchBrowser, PHONE, shotBoth, type Viewport, withPage } from '../lib/browser';
import { BASE_URL, DEMO, DEMO_PASSWORD, uniqueEmail } from '../lib/env';
import { randomCpf } from '../lib/meus-dados';
import { balancesOf } from '../lib/money';
import { approvedCustomer, centsOf, centsText, marketOrder } from '../lib/orders';
import {
  byRole,
  click,
  dataTable,
  expectHidden,
  expectPath,
  expectText,
  expectVisible,
  field,
  fill,
  normalizeSpace,
  snackbar,
  typeMasked,
} from '../lib/ui';
import { eventually } from '../lib/wait';

const BAR_OUNCE = 'Barra de prata 31,1 g (1 onça)';
const BAR_50 = 'Barra de prata 50 g';

type AdminRow = { id: number; status: string; tracking_code: string | null; buyer: { name: string; email: string } };

async function adminWithdrawals(operatorToken: string, status: string): Promise<AdminRow[]> {
  const answer = await apiCall<{ data: AdminRow[] }>(
    'GET',
    `/admin/silver-withdrawals?status=${status}&page=1`,
    undefined,
    operatorToken,
  );
  return answer.data;
}

/** The embedded provider receives the Pix charge a buyer was shown (the dev list names the buyer's e-mail). */
async function payPixOf(email: string): Promise<void> {
  const { payments } = await apiCall<{ payments: Array<{ asaas_payment_id: string; customer_email: string }> }>(
    'GET',
    '/dev/payments',
  );
  const payment = payments.find((p) => p.customer_email === email);
  assert.ok(payment, `a pending Pix charge for ${email}`);
  const response = await fetch(`${BASE_URL}/api/dev/payments/${encodeURIComponent(payment.asaas_payment_id)}/receive`, {
    method: 'POST',
  });
  assert.equal(response.status, 200, `the dev payment answered ${response.status}: ${await response.text()}`);
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** A line on the runner's output per step, with the seconds since the journey started (where a slow run waits). */
function stepper(label: string) {
  const started = Date.now();
  return (step: string) => console.log(`  [${label} ${((Date.now() - started) / 1000).toFixed(1)} s] ${step}`);
}

/** The visitor's purchase, from the catalogue to the paid Pix; returns the order number the checkout showed. */
async function visitorBuys(page: Page, email: string, label: string): Promise<number> {
  await page.goto('/comprar-prata');
  await click(page, 'link', `Comprar ${BAR_OUNCE}`);
  await expectPath(page, `/comprar-prata/${await productId(BAR_OUNCE)}/auth`);
  await expectText(page, 'Identificar o seu perfil');
  await fill(page, 'E-mail', email);
  await click(page, 'button', 'Continuar');
  // the e-mail goes to the checkout out of the address bar; each step has its own address
  await eventually(() => assert.match(page.url(), /\/checkout\?etapa=carrinho$/));

  // Carrinho: the bar, and a second product from the dialog
  const cart = region(page, 'Carrinho');
  await expectVisible(cart.getByText(BAR_OUNCE));
  await click(page, 'button', 'Adicionar item');
  const dialog = page.getByRole('dialog', { name: 'Adicionar item' });
  await click(dialog, 'button', `Adicionar ${BAR_50}`);
  await expectHidden(dialog);
  await expectVisible(cart.getByText(BAR_50));
  await shotBoth(page, `prata-${label}-1-carrinho`);
  await click(cart, 'button', 'Continuar');

  // Dados pessoais (a guest types them; the CPF is checked before the next step)
  const personal = region(page, 'Dados pessoais');
  await fill(personal, 'Nome completo', 'Bruna Visitante Prado');
  await typeMasked(personal, 'CPF', randomCpf());
  await typeMasked(personal, 'Data de nascimento', '10/05/1990');
  await typeMasked(personal, 'Celular', '11987654321');
  await personal.getByLabel('Feminino').check();
  await shotBoth(page, `prata-${label}-2-dados`);
  await click(personal, 'button', 'Continuar');

  // Endereço: the CEP, the city found by its name, the street
  const address = region(page, 'Endereço');
  await typeMasked(address, 'CEP', '01310100');
  const city = address.getByRole('combobox', { name: /^Cidade/ });
  await city.click();
  await city.pressSequentially('São Paulo');
  await page.getByRole('option', { name: 'São Paulo - SP', exact: true }).click();
  await fill(address, 'Bairro', 'Bela Vista');
  await fill(address, 'Rua/avenida', 'Avenida Paulista');
  await fill(address, 'Número', '1000');
  await shotBoth(page, `prata-${label}-3-endereco`);
  await click(address, 'button', 'Continuar');

  // Envio: the options sorted by delivery time; the first Correios one
  const shipping = region(page, 'Envio');
  await shipping
    .getByRole('radio', { name: /Correios/ })
    .first()
    .check();
  await shotBoth(page, `prata-${label}-4-envio`);
  await click(shipping, 'button', 'Continuar');

  // Pagamento: the coupon, then the Pix
  const breakdown = page.getByRole('region', { name: 'Resumo dos valores' });
  await expectVisible(breakdown);
  const before = centsOf(/Total\s*(R\$\s*[\d.,]+)/.exec(normalizeSpace(await breakdown.textContent()))?.[1] ?? '');
  await click(page, 'button', 'Tenho um cupom');
  const coupon = page.getByRole('dialog', { name: 'Cupom de desconto' });
  await fill(coupon, 'Código do cupom', 'prata10');
  await click(coupon, 'button', 'Aplicar');
  await expectVisible(snackbar(page, 'Cupom aplicado com sucesso!'));
  await expectHidden(coupon);
  await expectVisible(byRole(page, 'button', 'Cupom PRATA10'));
  await eventually(async () => {
    const text = normalizeSpace(await breakdown.textContent());
    const after = centsOf(/Total\s*(R\$\s*[\d.,]+)/.exec(text)?.[1] ?? '');
    assert.ok(after < before, `the coupon lowers the total (${before} → ${after}): ${text}`);
  });
  // the coupon in its own words, each tax as its rate of the subtotal, no line as a share of the total
  const explained = normalizeSpace(await breakdown.textContent());
  assert.match(explained, /PRATA10: 10% de desconto nas taxas da plataforma/);
  assert.match(explained, /ICMS\s*[\d,]+% do subtotal/);
  assert.doesNotMatch(explained, /Frete\s*[\d,]+%/);
  await click(page, 'button', 'Entenda as taxas');
  const fees = page.getByRole('dialog', { name: 'Entenda as taxas' });
  await expectVisible(fees.getByText(/o ICMS do frete/));
  await expectVisible(fees.getByText(/Um cupom de 10% tira 10% dessas taxas/));
  await click(fees, 'button', 'Entendi');
  await expectHidden(fees);
  await shotBoth(page, `prata-${label}-5-pagamento`);
  await click(page, 'button', 'Fazer um Pix');
  const pix = page.getByRole('dialog', { name: 'Pague com Pix' });
  await expectVisible(pix.getByRole('img'));
  await shotBoth(page, `prata-${label}-6-pix`);

  await payPixOf(email);
  // the open dialog follows the order: it turns into 'Pagamento aprovado' by itself
  const approved = page.getByRole('dialog', { name: 'Pagamento aprovado' });
  await expectVisible(approved);
  await click(approved, 'button', 'Fechar');
  const thanks = page.getByText(/Pedido nº \d+ confirmado/);
  await expectVisible(thanks);
  await shotBoth(page, `prata-${label}-7-obrigado`);
  return Number(/\d+/.exec((await thanks.textContent()) ?? '')?.[0]);
}

const productIds = new Map<string, number>();
async function productId(name: string): Promise<number> {
  if (productIds.size === 0) {
    const answer = await apiCall<{ productTypes: { data: Array<{ id: number; name: string }> } }>(
      'GET',
      '/silver-withdrawal-product-types?page=1',
    );
    for (const p of answer.productTypes.data) productIds.set(p.name, p.id);
  }
  const id = productIds.get(name);
  assert.ok(id, `the demo catalogue has ${name}`);
  return id;
}

/** The operator marks the order sent with a tracking code from /admin/prata's packing queue. */
async function operatorShips(page: Page, order: number, trackingCode: string, label: string): Promise<void> {
  await page.goto('/admin/prata');
  const button = byRole(page, 'button', `Marcar enviado o pedido nº ${order}`);
  await expectVisible(button);
  await shotBoth(page, `prata-${label}-8-envios`);
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Marcar como enviado' });
  await dialog.getByRole('textbox', { name: /Código de rastreio/ }).fill(trackingCode);
  await click(dialog, 'button', 'Registrar envio');
  await expectHidden(dialog);
  await expectHidden(button);
}

type AdminCoupon = { code: string; valid_from: string | null; valid_until: string | null };

/**
 * The operator creates a coupon in /admin/prata's "Cupons": the validity typed as people in Brazil write it, in
 * Brasília time (whatever the browser's locale), a half-typed moment refused under its field.
 */
async function operatorCreatesCoupon(page: Page, operatorToken: string, label: string): Promise<void> {
  const code = `E2E${Date.now().toString(36).toUpperCase()}${label === 'celular' ? 'C' : 'D'}`;
  await page.goto('/admin/prata?aba=cupons');
  await click(page, 'button', 'Novo cupom');
  const dialog = page.getByRole('dialog', { name: 'Novo cupom' });
  await fill(dialog, 'Código', code);
  await typeMasked(dialog, 'Taxa de transação', '0');
  await typeMasked(dialog, 'Desconto', '5');
  await typeMasked(dialog, 'Início', '0112');
  await typeMasked(dialog, 'Fim', '311220272359');
  assert.equal(await field(dialog, 'Fim').inputValue(), '31/12/2027 23:59', 'typed with the mask');
  await click(dialog, 'button', 'Criar cupom');
  await expectVisible(dialog.getByText(MESSAGES.couponValidityInvalid), 'a half-typed start is refused');
  await typeMasked(dialog, 'Início', '011220260000');
  await shotBoth(page, `prata-${label}-cupom-novo`);
  await click(dialog, 'button', 'Criar cupom');
  await expectHidden(dialog);
  const { coupons } = await apiCall<{ coupons: AdminCoupon[] }>('GET', '/admin/coupons', undefined, operatorToken);
  const made = coupons.find((c) => c.code === code);
  assert.equal(Date.parse(made?.valid_from ?? ''), Date.parse('2026-12-01T00:00:00-03:00'), 'starts in Brasília time');
  assert.equal(Date.parse(made?.valid_until ?? ''), Date.parse('2027-12-31T23:59:00-03:00'), 'ends in Brasília time');
}

/** A customer's withdrawal of a 50 g bar paid from the balance; returns the total the screen showed, in centavos. */
async function customerWithdraws(page: Page, label: string): Promise<number> {
  const step = stepper(`retirada ${label}`);
  await page.goto('/retirar-prata');
  const product = region(page, 'Produto e quantidade');
  await product.getByRole('radio', { name: BAR_50 }).check();
  // two bars are 100 g, past the 60 g in custody: step 1 says so and stays open (the server would refuse at payment)
  await click(product, 'button', `Aumentar quantidade de ${BAR_50}`);
  await click(product, 'button', 'Continuar');
  await expectVisible(product.getByRole('alert').filter({ hasText: MESSAGES.insufficientSilver }));
  await shotBoth(page, `prata-${label}-retirada-sem-prata`);
  await expectVisible(product.getByRole('radio', { name: BAR_50 }), 'step 1 still open');
  await click(product, 'button', `Diminuir quantidade de ${BAR_50}`);
  await click(product, 'button', 'Continuar');
  const address = region(page, 'Endereço de entrega');
  await address.getByRole('radio').first().check();
  await click(address, 'button', 'Continuar');
  const shipping = region(page, 'Envio');
  await shipping
    .getByRole('radio', { name: /Correios/ })
    .first()
    .check();
  await click(shipping, 'button', 'Calcular custos');
  const costs = region(page, 'Custos e pagamento');
  const breakdown = costs.getByRole('region', { name: 'Resumo dos valores' });
  await expectVisible(breakdown);
  const text = normalizeSpace(await breakdown.textContent());
  const total = centsOf(/Total\s*(R\$\s*[\d.,]+)/.exec(text)?.[1] ?? '');
  assert.ok(total > 0, `a total to pay: ${text}`);
  await shotBoth(page, `prata-${label}-retirada-custos`);
  step('costs shown');
  await click(costs, 'button', 'Pagar com saldo');
  // the payment is confirmed first, with the all-in total of the breakdown and the grams
  const confirm = page.getByRole('dialog', { name: 'Pagar com saldo?' });
  await expectVisible(confirm);
  assert.ok(normalizeSpace(await confirm.textContent()).includes(centsText(total)), 'the confirmation says the total');
  await shotBoth(page, `prata-${label}-retirada-confirmar`);
  await click(confirm, 'button', 'Pagar com saldo');
  step('paid');
  await expectPath(page, '/meu-historico/prata-retirada', 20_000);
  step('on the history');
  const table = dataTable(page, 'Retiradas de prata');
  await eventually(
    async () => {
      const text = normalizeSpace(await table.textContent());
      assert.ok(text.includes('50,00 g'), `the row in the history: ${text}`);
    },
    { timeoutMs: 15_000 },
  );
  step('history shows the row');
  await shotBoth(page, `prata-${label}-retirada-historico`);
  step('screens taken');
  return total;
}

describe('Prata física: comprar barras e retirar da custódia', () => {
  let browser: Browser;
  let operatorToken: string;
  before(async () => {
    browser = await launchBrowser();
    operatorToken = await apiLogin(DEMO.operator.email, DEMO_PASSWORD);
  });
  after(async () => browser?.close());

  const sizes: Array<[string, Viewport]> = [
    ['computador', DESKTOP],
    ['celular', PHONE],
  ];
  for (const [label, viewport] of sizes) {
    it(`no ${label}: um visitante compra duas barras com cupom e Pix; o operador envia com rastreio`, {
      timeout: 240_000,
    }, async () => {
      const email = uniqueEmail(`visitante-${label}`);
      let order = 0;
      await withPage(browser, { viewport, name: `prata-visitante-${label}` }, async (page) => {
        order = await visitorBuys(page, email, label);
      });
      assert.ok(order > 0, 'the checkout showed the order number');
      const paid = (await adminWithdrawals(operatorToken, 'paid')).find((w) => w.id === order);
      assert.ok(paid, `order ${order} is paid and waits in the packing queue`);
      assert.equal(paid.buyer.email, email);

      const tracking = `BR${String(order).padStart(9, '0')}BR`;
      await withPage(browser, { viewport, token: operatorToken, name: `prata-operador-${label}` }, async (page) => {
        await operatorShips(page, order, tracking, label);
        await operatorCreatesCoupon(page, operatorToken, label);
      });
      // the row's button is out of the accessibility tree as soon as the 'Registrando o envio...' overlay covers the
      // page, before the server has answered: the order is read until the shipment is there
      await eventually(async () => {
        const sent = (await adminWithdrawals(operatorToken, 'sent')).find((w) => w.id === order);
        assert.equal(sent?.tracking_code, tracking, 'sent with its tracking code');
      });
    });

    it(`no ${label}: um cliente retira uma barra de 50 g da custódia pagando com o saldo`, {
      timeout: 240_000,
    }, async () => {
      const customer = await approvedCustomer(
        { name: 'Carlos Custódia Lima', email: uniqueEmail(`custodia-${label}`) },
        operatorToken,
        1500,
      );
      const step = stepper(`cliente ${label}`);
      step('approved and funded');
      await marketOrder(customer.token, 'buy', 60);
      step('bought 60 g');
      const before = await balancesOf(customer.token);
      let shown = 0;
      await withPage(browser, { viewport, token: customer.token, name: `prata-retirada-${label}` }, async (page) => {
        shown = await customerWithdraws(page, label);
      });
      step('withdrawn');
      const now = await balancesOf(customer.token);
      assert.equal(Math.round((before.grams - now.grams) * 100), 5000, "the bar's 50 g left the available grams");
      assert.equal(Math.round((before.brl - now.brl) * 100), shown, 'the reais went down by the total shown');
    });
  }
});
