/**
 * Journey: the keyboard alone moves money, part 1: a visitor buys a bar and pays by Pix (desktop),
 * a customer signs in with the e-mail code (phone), adds money by Pix and withdraws it (desktop).
 *
 * Setup goes through the API (accounts, approval, money); each journey itself only presses keys (lib/keyboard.ts):
 * Tab to a control by its accessible name, Enter, Space, arrows, typing, Escape. At every Tab stop the focus is
 * visible, on screen, uncovered and never behind an open dialog; each dialog met takes the focus when it opens, closes
 * on Escape where closing is allowed, and gives the focus back to the button that opened it. The system asks for
 * reduced motion here, as in the other keyboard journeys and the screen reader's: dialogs and drawers appear at once.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, createAccount, receiveDevPix } from '../lib/api';
import { DESKTOP, PHONE, withPage } from '../lib/browser';
import { uniqueEmail } from '../lib/env';
import {
  activate,
  arrowTo,
  expectDialogFocus,
  expectFocusInside,
  expectFocusOn,
  expectFocusReturned,
  press,
  tabTo,
  typeInto,
  typeText,
} from '../lib/keyboard';
import { randomCpf } from '../lib/meus-dados';
import { approvedCustomer } from '../lib/orders';
import { lastMessageId, latestCode } from '../lib/outbox';
import { byRole, dataTable, expectPath, expectText, expectVisible, normalizeSpace, snackbar } from '../lib/ui';
import { eventually } from '../lib/wait';
import { journeyContext } from '../lib/flows';

const journey = journeyContext();

/**
 * "Continuar" of the checkout, then the next step's heading holding the focus (the page moves it there once the step
 * shows): the next Tab starts from the step, never from where the focus was before the step rendered.
 */
async function continueTo(page: Page, step: string): Promise<void> {
  await activate(page, 'Continuar', { role: 'button' });
  await expectFocusOn(page, page.getByRole('heading', { name: step, level: 2 }), `the heading '${step}'`);
}

/** The pending Pix charge shown to a buyer (the dev list names the buyer's e-mail). */
async function pendingPixOf(email: string): Promise<string> {
  const { payments } = await apiCall<{ payments: Array<{ asaas_payment_id: string; customer_email: string }> }>(
    'GET',
    '/dev/payments',
  );
  const payment = payments.find((p) => p.customer_email === email);
  assert.ok(payment, `a pending Pix charge for ${email}`);
  return payment.asaas_payment_id;
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

describe('Teclado: comprar como visitante, entrar, adicionar e retirar dinheiro', () => {
  it('um visitante compra uma barra e paga o Pix só com o teclado (computador)', { timeout: 120_000 }, async () => {
    const email = uniqueEmail('teclado-visitante');
    await withPage(
      journey.browser,
      { viewport: DESKTOP, name: 'teclado-visitante', reducedMotion: true },
      async (page) => {
        await page.goto('/comprar-prata');
        await activate(page, 'Comprar Barra de prata 31,1 g (1 onça)', { role: 'link', max: 60 });
        await expectText(page, 'Identificar o seu perfil');
        await typeInto(page, 'E-mail', email);
        await press(page, 'Enter');
        await eventually(() => assert.match(page.url(), /\/checkout\?etapa=carrinho$/));

        // Carrinho: the dialog to add an item, closed with Escape, then used
        const cart = region(page, 'Carrinho');
        await expectVisible(cart.getByText('Barra de prata 31,1 g (1 onça)'));
        await activate(page, 'Adicionar item', { role: 'button' });
        const addOpener = byRole(page, 'button', 'Adicionar item');
        const addDialog = page.getByRole('dialog', { name: 'Adicionar item' });
        await expectDialogFocus(page, addDialog, addOpener, "'Adicionar item'", { close: true });
        await press(page, 'Enter');
        await expectDialogFocus(page, addDialog, addOpener, "'Adicionar item'");
        await activate(page, 'Adicionar Barra de prata 50 g', { role: 'button' });
        await expectFocusReturned(page, addDialog, addOpener, "'Adicionar item'");
        await expectVisible(cart.getByText('Barra de prata 50 g'));
        await continueTo(page, 'Dados pessoais');

        // Dados pessoais
        await typeInto(page, /^Nome completo/, 'Bruna Teclado Prado');
        await typeInto(page, /^CPF/, randomCpf().replace(/\D/g, ''));
        await typeInto(page, /^Data de nascimento/, '10051990');
        await typeInto(page, /^Celular/, '11987654321');
        await tabTo(page, /^(Feminino|Masculino|Outro|Prefiro não informar)/, { role: 'radio' });
        await arrowTo(page, 'Feminino');
        await press(page, ' ');
        await continueTo(page, 'Endereço');

        // Endereço: the city from the autocomplete's list with the arrows
        await typeInto(page, /^CEP/, '01310100');
        await tabTo(page, /^Cidade/, { role: 'combobox' });
        await typeText(page, 'São Paulo');
        await expectVisible(page.getByRole('option', { name: 'São Paulo - SP', exact: true }));
        await eventually(async () => {
          await press(page, 'ArrowDown');
          const active = await page.evaluate(() => {
            const input = document.activeElement as HTMLInputElement;
            const id = input.getAttribute('aria-activedescendant');
            return id ? (document.getElementById(id)?.textContent ?? '') : '';
          });
          assert.equal(active, 'São Paulo - SP');
        });
        await press(page, 'Enter');
        await typeInto(page, /^Bairro/, 'Bela Vista');
        await typeInto(page, /^Rua\/avenida/, 'Avenida Paulista');
        await typeInto(page, /^Número/, '1000');
        await continueTo(page, 'Envio');

        // Envio: the first Correios option, checked with the arrows
        const shipping = region(page, 'Envio');
        await expectVisible(shipping.getByRole('radio', { name: /Correios/ }));
        await tabTo(page, /./, { role: 'radio' });
        await arrowTo(page, /^Correios/);
        await press(page, ' ');
        await continueTo(page, 'Pagamento');

        // Pagamento: the fees' dialog with Escape, the coupon's dialog, then the Pix
        await expectVisible(page.getByRole('region', { name: 'Resumo dos valores' }));
        await activate(page, 'Entenda as taxas', { role: 'button' });
        const feesDialog = page.getByRole('dialog', { name: 'Entenda as taxas' });
        await expectDialogFocus(page, feesDialog, byRole(page, 'button', 'Entenda as taxas'), "'Entenda as taxas'", {
          close: true,
        });
        await activate(page, 'Tenho um cupom', { role: 'button' });
        const coupon = page.getByRole('dialog', { name: 'Cupom de desconto' });
        await expectDialogFocus(page, coupon, null, "'Tenho um cupom'");
        await typeText(page, 'prata10');
        await press(page, 'Enter');
        await expectVisible(snackbar(page, 'Cupom aplicado com sucesso!'));
        await coupon.waitFor({ state: 'hidden' });
        await expectFocusOn(page, byRole(page, 'button', 'Cupom PRATA10'), 'the coupon button');

        await activate(page, 'Fazer um Pix', { role: 'button' });
        const pix = page.getByRole('dialog', { name: 'Pague com Pix' });
        await expectDialogFocus(page, pix, null, "'Pague com Pix'");
        await expectVisible(pix.getByRole('img'));
        await receiveDevPix(await pendingPixOf(email));
        const approved = page.getByRole('dialog', { name: 'Pagamento aprovado' });
        await expectVisible(approved);
        await expectFocusInside(page, approved, "'Pagamento aprovado'");
        await activate(page, 'Fechar', { role: 'button' });
        await approved.waitFor({ state: 'hidden' });
        // the button that opened the Pix is gone (the order took its place): the focus goes to the order
        const thanks = page.getByRole('heading', { name: /Pedido nº \d+ confirmado/ });
        await expectVisible(thanks);
        await expectFocusOn(page, thanks, 'the order confirmed');
      },
    );
  });

  it('uma cliente entra com o código do e-mail só com o teclado (celular)', { timeout: 60_000 }, async () => {
    const account = await createAccount({ name: 'Célia Teclado Nunes', email: uniqueEmail('teclado-login') });
    await withPage(journey.browser, { viewport: PHONE, name: 'teclado-login', reducedMotion: true }, async (page) => {
      await page.goto('/login');
      await expectVisible(byRole(page, 'heading', 'Entrar'));
      // the e-mail field takes the focus on arrival
      await expectFocusOn(page, byRole(page, 'textbox', /^E-mail/), 'the e-mail field');
      await typeText(page, account.email);
      await typeInto(page, /^Senha/, account.password);
      await press(page, 'Enter');
      await expectVisible(byRole(page, 'heading', 'Verificação em duas etapas'));
      const after = await lastMessageId(account.email);
      await activate(page, /^E-mail/, { role: 'button' });
      await expectVisible(byRole(page, 'heading', 'Digite o código'));
      await expectFocusOn(page, byRole(page, 'textbox', /^Código de verificação/), 'the code field');
      // the sixth digit signs in
      await typeText(page, await latestCode(account.email, { after }));
      await eventually(
        async () =>
          assert.ok(await page.evaluate(() => localStorage.getItem('authToken')), 'signed in: a session token is kept'),
        {
          timeoutMs: 15_000,
        },
      );
      await eventually(() => assert.doesNotMatch(new URL(page.url()).pathname, /^\/login/));
    });
  });

  it('um cliente adiciona dinheiro por Pix e o retira só com o teclado (computador)', {
    timeout: 120_000,
  }, async () => {
    const email = uniqueEmail('teclado-dinheiro');
    const customer = await approvedCustomer({ name: 'Davi Teclado Moura', email }, journey.operatorToken, 0);
    await apiCall('POST', '/banking-information', { type: 'pix', key_type: 'email', key: email }, customer.token);
    await withPage(
      journey.browser,
      { viewport: DESKTOP, name: 'teclado-dinheiro', reducedMotion: true, token: customer.token },
      async (page) => {
        // ---- Pix: the QR dialog closed with Escape gives the focus back; a second one is paid while open
        await page.goto('/adicionar-dinheiro/pix');
        // the first screen of a context loads the app and its chunks: slower on a busy machine
        await byRole(page, 'heading', 'Adicionar por Pix').waitFor({ timeout: 30_000 });
        await expectFocusOn(page, byRole(page, 'textbox', /^Valor do depósito/), 'the amount field (autofocus)');
        await typeText(page, '150,00');
        const create = byRole(page, 'button', 'Criar QR Code');
        await activate(page, 'Criar QR Code', { role: 'button' });
        const dialog = page.getByRole('dialog', { name: 'Pague com Pix' });
        await expectDialogFocus(page, dialog, create, "'Pague com Pix'", { close: true });
        // the form was emptied for the next deposit: the amount again, and Enter in the field
        await typeInto(page, /^Valor do depósito/, '150,00', { back: true });
        await press(page, 'Enter');
        const amount = byRole(page, 'textbox', /^Valor do depósito/);
        await expectDialogFocus(page, dialog, amount, "'Pague com Pix'");
        await expectVisible(dialog.getByRole('img', { name: 'QR Code do Pix de R$ 150,00' }));
        const { deposits } = await apiCall<{
          deposits: { data: Array<{ amount: number; status: string; asaas_payment_id: string | null }> };
        }>('GET', '/deposits?page=1', undefined, customer.token);
        const open = deposits.data.find((d) => d.status === 'pending' && d.asaas_payment_id);
        assert.ok(open?.asaas_payment_id, 'a pending Pix deposit');
        await receiveDevPix(open.asaas_payment_id);
        await expectVisible(snackbar(page, 'Pix de R$ 150,00 recebido. O valor já está no seu saldo.'));
        // closed by the payment itself: the focus is back where Enter was pressed
        await expectFocusReturned(page, dialog, amount, "'Pague com Pix'");

        // ---- the withdrawal: the key, the amount, the code, the confirmation
        await page.goto('/retirar-dinheiro');
        await expectVisible(byRole(page, 'heading', 'Retirar dinheiro'));
        await tabTo(page, new RegExp(email.replace(/\./g, '\\.')), { role: 'radio', max: 60 });
        await press(page, ' ');
        await typeInto(page, /^Valor da retirada/, '100,00');
        const after = await lastMessageId(email);
        await activate(page, 'Enviar código', { role: 'button' });
        await expectVisible(snackbar(page, /^Enviamos um código/));
        // the button is replaced by the code's section: the focus goes to the code field
        const codeField = byRole(page, 'textbox', /^Código de verificação/);
        await expectFocusOn(page, codeField, 'the code field');
        await typeText(page, await latestCode(email, { after }));
        const confirm = page.getByRole('dialog', { name: 'Confirmar retirada?' });
        await expectDialogFocus(page, confirm, codeField, "'Confirmar retirada?'", { close: true });
        const review = byRole(page, 'button', 'Revisar e confirmar');
        await activate(page, 'Revisar e confirmar', { role: 'button' });
        await expectDialogFocus(page, confirm, review, "'Confirmar retirada?'");
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text keeps label and value apart
        const summary = normalizeSpace(await confirm.innerText());
        assert.ok(summary.includes('Você recebe R$ 100,00'), summary);
        await activate(page, 'Confirmar retirada', { role: 'button' });
        await expectPath(page, '/meu-historico/dinheiro-retirado');
        await expectVisible(snackbar(page, 'Retirada solicitada. Ela será processada em até 24 horas.'));
        const table = dataTable(page, 'Retiradas de dinheiro');
        await eventually(async () => assert.match(normalizeSpace(await table.textContent()), /R\$ 100,00.*Em análise/));
      },
    );
  });
});
