/**
 * Journey: the keyboard alone moves money, part 2: a customer places a limit order and cancels it,
 * transfers grams to another customer and opens a support ticket (desktop).
 *
 * As in keyboard-money.test.ts: setup through the API, the journey by keys only (lib/keyboard.ts), the focus checked
 * at every Tab stop and around every dialog and menu, with reduced motion asked for.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DESKTOP, withPage } from '../lib/browser';
import { uniqueEmail } from '../lib/env';
import { activate, arrowTo, expectDialogFocus, expectFocusOn, press, tabTo, typeInto, typeText } from '../lib/keyboard';
import { balancesOf } from '../lib/money';
import { approvedCustomer, expectOneRow, expectSummary, marketOrder, orderForm, ordersList } from '../lib/orders';
import { lastMessageId, latestCode } from '../lib/outbox';
import { byRole, expectHidden, expectText, expectVisible, snackbar } from '../lib/ui';
import { eventually } from '../lib/wait';
import { journeyContext } from '../lib/flows';

const journey = journeyContext();

describe('Teclado: ordem, transferência de prata e ticket', () => {
  it('um cliente registra uma ordem limitada e a cancela só com o teclado', { timeout: 90_000 }, async () => {
    const customer = await approvedCustomer(
      { name: 'Olga Teclado Ramos', email: uniqueEmail('teclado-ordem') },
      journey.operatorToken,
      200,
    );
    await withPage(
      journey.browser,
      { viewport: DESKTOP, name: 'teclado-ordem', reducedMotion: true, token: customer.token },
      async (page) => {
        await page.goto('/ordens');
        await page.getByRole('tab', { name: 'Quero comprar' }).waitFor({ timeout: 30_000 });
        const form = orderForm(page, 'buy');
        await expectVisible(form);
        // the explanation's dialog: the focus inside, Escape, back on its button
        await activate(page, 'Limitada ou a mercado: qual escolher?', { role: 'button', max: 80 });
        await expectDialogFocus(
          page,
          page.getByRole('dialog', { name: 'Ordem limitada ou a mercado?' }),
          byRole(form, 'button', 'Limitada ou a mercado: qual escolher?'),
          "'Limitada ou a mercado?'",
          { close: true },
        );
        await typeInto(page, /^Preço por grama/, '8,91');
        await typeInto(page, /^Quantidade/, '3');
        await expectSummary(form, ['Valor (3,00 g × R$ 8,91) R$ 26,73', 'Total a pagar R$ 31,85']);
        await activate(page, 'Comprar', { role: 'button' });
        await expectVisible(
          snackbar(page, 'Ordem registrada. Ela fica no livro até encontrar uma contraparte ou ser cancelada.'),
        );
        // 'Comprar' was disabled while the order ran: the focus stays in the form, on the quantity, not on the page's top
        await expectFocusOn(page, byRole(form, 'textbox', /^Quantidade/), 'the quantity field');

        // 'Minhas ordens' with the arrows of the tab list, then the cancel button of the row
        await tabTo(page, /^Quero comprar/, { role: 'tab', back: true, max: 80 });
        await arrowTo(page, /^Minhas ordens/, { key: 'ArrowRight' });
        await press(page, 'Enter');
        const pending = ordersList(page, 'Ordens pendentes');
        const row = await expectOneRow(pending, ['Compra', 'R$ 8,91', '3,00 g']);
        const name = 'Cancelar a ordem de compra de 3,00 g a R$ 8,91 por grama';
        await activate(page, name, { role: 'button' });
        const confirm = page.getByRole('dialog', { name: 'Cancelar ordem?' });
        await expectDialogFocus(page, confirm, byRole(row, 'button', name), "'Cancelar ordem?'", { close: true });
        await press(page, 'Enter');
        await expectDialogFocus(page, confirm, null, "'Cancelar ordem?'");
        await activate(page, 'Cancelar ordem', { role: 'button' });
        await expectVisible(snackbar(page, 'Ordem cancelada.'));
        await expectText(page, 'Nenhuma ordem pendente.');
        // the row and its button are gone: the focus goes to the list's tab, not to the page's top
        await confirm.waitFor({ state: 'hidden' });
        await expectFocusOn(page, page.getByRole('tab', { name: /^Minhas ordens/ }), "the tab 'Minhas ordens'");
        const balances = await balancesOf(customer.token);
        assert.equal(balances.brl, 200, 'the held total is back');
      },
    );
  });

  it('uma cliente transfere 1,50 g para outro cliente só com o teclado', { timeout: 90_000 }, async () => {
    const emailA = uniqueEmail('teclado-transfere-a');
    const emailB = uniqueEmail('teclado-transfere-b');
    const [a, b] = await Promise.all([
      approvedCustomer({ name: 'Lia Teclado Souza', email: emailA }, journey.operatorToken, 200),
      approvedCustomer({ name: 'Rui Recebedor Teclado', email: emailB }, journey.operatorToken, 0),
    ]);
    await marketOrder(a.token, 'buy', 5);
    await withPage(
      journey.browser,
      { viewport: DESKTOP, name: 'teclado-transferir', reducedMotion: true, token: a.token },
      async (page) => {
        await page.goto('/transferir-prata');
        await page.getByTestId('silver-balance').waitFor({ timeout: 30_000 });
        await typeInto(page, /^E-mail do recebedor/, emailB, { max: 80 });
        await press(page, 'Enter');
        await expectVisible(byRole(page, 'group', 'Recebedor'));
        await expectText(byRole(page, 'group', 'Recebedor'), 'Rui T.');
        await typeInto(page, /^Quantidade/, '1,50');
        await typeInto(page, /^Mensagem/, 'Pelo teclado');
        const transfer = byRole(page, 'button', 'Transferir');
        const after = await lastMessageId(emailA);
        await activate(page, 'Transferir', { role: 'button' });
        const dialog = byRole(page, 'dialog', 'Confirme a transferência');
        // Escape closes the code's dialog and the focus is back on 'Transferir' (disabled while the code was sent);
        // Enter opens it again for the code already sent (a new one may not be sent yet)
        await expectDialogFocus(page, dialog, transfer, "'Confirme a transferência'", { close: true });
        await press(page, 'Enter');
        await expectDialogFocus(page, dialog, transfer, "'Confirme a transferência'");
        await expectFocusOn(page, byRole(dialog, 'textbox', /^Código de verificação/), 'the code field');
        await typeText(page, await latestCode(emailA, { after }));
        await activate(page, 'Confirmar transferência', { role: 'button' });
        await dialog.waitFor({ state: 'hidden' });
        const receipt = byRole(page, 'dialog', 'Transferência realizada');
        await expectDialogFocus(page, receipt, null, "'Transferência realizada'", { close: true });
        // the form was reset ('Transferir' is gone): a new transfer starts at the receiver's e-mail
        await expectFocusOn(page, byRole(page, 'textbox', /^E-mail do recebedor/), "the receiver's e-mail");
        await eventually(async () => assert.equal((await balancesOf(b.token)).grams, 1.5, 'B received 1,50 g'));
      },
    );
  });

  it('um cliente abre um ticket só com o teclado', { timeout: 60_000 }, async () => {
    const customer = await approvedCustomer(
      { name: 'Ivo Teclado Campos', email: uniqueEmail('teclado-ticket') },
      journey.operatorToken,
      0,
    );
    const subject = `Pelo teclado ${Date.now().toString(36)}`;
    await withPage(
      journey.browser,
      { viewport: DESKTOP, name: 'teclado-ticket', reducedMotion: true, token: customer.token },
      async (page) => {
        await page.goto('/contato/ticket/create');
        // the first screen of a context loads the app and its chunks: slower on a busy machine
        await byRole(page, 'heading', 'Abrir ticket').waitFor({ timeout: 30_000 });
        // a select: the arrow opens its list (focus on the options), Enter picks one and gives the focus back
        for (const [label, option] of [
          ['Categoria', 'Conta e cadastro'],
          ['Subcategoria', 'Acesso e senha'],
        ] as const) {
          await tabTo(page, new RegExp(`^${label}`), { role: 'combobox', max: 60 });
          const select = byRole(page, 'combobox', new RegExp(`^${label}`));
          await press(page, 'ArrowDown');
          const listbox = page.getByRole('listbox');
          await expectVisible(listbox);
          await arrowTo(page, option);
          await press(page, 'Enter');
          await expectHidden(listbox);
          await expectFocusOn(page, select, `the select ${label}`);
          await expectText(page, option);
        }
        await typeInto(page, /^Assunto/, subject);
        await typeInto(page, /^Descrição/, 'Abri este ticket sem usar o mouse.');
        await activate(page, 'Enviar ticket', { role: 'button' });
        await eventually(() => assert.match(new URL(page.url()).pathname, /^\/contato\/ticket\/\d+/));
        await expectVisible(byRole(page, 'heading', subject));
      },
    );
  });
});
