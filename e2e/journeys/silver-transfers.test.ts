/**
 * Silver transfers (spec 3 "Transferir prata"). Customer A, with grams bought on the order book, opens
 * /transferir-prata: the receiver's e-mail is checked and locked, the quantity and a message typed, the code read from
 * the dev mailbox, the receipt dialog opens and its PDF is downloaded; the row is in /meu-historico/prata-transferida.
 * Customer B sees the grams in their balance and the received row. A also sends grams to an e-mail with no account
 * (the CPF is asked) and cancels it from the history. An operator checks the receipt's code in /admin/transferencias.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall } from '../lib/api';
import { DESKTOP, PHONE, shotBoth, withPage } from '../lib/browser';
import { uniqueEmail } from '../lib/env';
import { randomCpf } from '../lib/meus-dados';
import { balancesOf } from '../lib/money';
import { approvedCustomer, marketOrder } from '../lib/orders';
import { lastMessageId, latestCode } from '../lib/outbox';
import {
  byRole,
  click,
  dataTable,
  expectFieldError,
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
import { journeyContext } from '../lib/flows';

const journey = journeyContext();

const gramsOf = async (token: string) => Math.round((await balancesOf(token)).grams * 100);

/** Checks the receiver's e-mail on the form. */
async function checkReceiver(page: Page, email: string) {
  await fill(page, 'E-mail do recebedor', email);
  await click(page, 'button', 'Verificar e-mail');
  await expectVisible(byRole(page, 'group', 'Recebedor'));
}

/**
 * Sends the code, reads it from the mailbox and confirms it in the dialog. With `reloadFor` (the dialog's words for
 * the transfer), the page is reloaded on the code's dialog first, and Back and Forward move out of it and back.
 */
async function confirmWithCode(page: Page, senderEmail: string, shots?: string, reloadFor?: RegExp) {
  const after = await lastMessageId(senderEmail);
  await click(page, 'button', 'Transferir');
  const dialog = byRole(page, 'dialog', 'Confirme a transferência');
  await expectVisible(dialog);
  // the resend waits for the server's window (3 s in the journeys), counting down while it runs
  const resend = byRole(dialog, 'button', /^Reenviar código/);
  await expectVisible(resend);
  const label = normalizeSpace(await resend.textContent());
  if (/em \d+ s$/.test(label)) assert.equal(await resend.isDisabled(), true, `'${label}' waits`);
  if (shots) await shotBoth(page, shots);
  if (reloadFor) {
    // a reload on the code's dialog: it comes back for the same receiver and quantity, with its code field and its
    // resend button, and no new code is sent: the one already in the e-mail is typed below
    const codeMail = await lastMessageId(senderEmail);
    await page.reload();
    await expectVisible(dialog, 'the code dialog after the reload');
    await expectText(dialog, reloadFor);
    await expectVisible(field(dialog, 'Código de verificação'), 'the code field after the reload');
    await expectVisible(resend, 'the resend after the reload');
    if (shots) await shotBoth(page, `${shots}-recarregada`);
    // Back is the form, Forward the code's dialog again
    await page.goBack();
    await expectHidden(dialog);
    await expectVisible(byRole(page, 'button', 'Transferir'));
    await page.goForward();
    await expectVisible(dialog, 'the code dialog after Forward');
    assert.equal(await lastMessageId(senderEmail), codeMail, 'no new code after the reload');
  }
  await eventually(async () => assert.equal(normalizeSpace(await resend.textContent()), 'Reenviar código'));
  assert.equal(await resend.isDisabled(), false, 'the resend opens once the window passed');
  const code = await latestCode(senderEmail, { after });
  await fill(dialog, 'Código de verificação', code);
  await click(dialog, 'button', 'Confirmar transferência');
  await expectHidden(dialog);
}

describe('Transferir prata', () => {
  it('A transfers 2,50 g to B with the e-mail code, downloads the receipt; B sees the grams', {
    timeout: 240_000,
  }, async () => {
    const emailA = uniqueEmail('transfere-a');
    const emailB = uniqueEmail('transfere-b');
    const a = await approvedCustomer({ name: 'Ana Transferência Souza', email: emailA }, journey.operatorToken, 500);
    const b = await approvedCustomer({ name: 'Bruno Recebedor Lima', email: emailB }, journey.operatorToken, 0);
    await marketOrder(a.token, 'buy', 10);
    const [aBefore, bBefore] = [await gramsOf(a.token), await gramsOf(b.token)];
    assert.ok(aBefore >= 1000, `A holds grams (${aBefore} cg)`);

    await withPage(journey.browser, { viewport: DESKTOP, token: a.token, name: 'transferir-prata-a' }, async (page) => {
      await page.goto('/transferir-prata');
      const balance = page.getByTestId('silver-balance');
      await balance.waitFor({ timeout: 30_000 });
      await eventually(async () =>
        assert.equal(normalizeSpace(await balance.textContent()), `${(aBefore / 100).toFixed(2).replace('.', ',')} g`),
      );
      await shotBoth(page, 'transferir-prata-1-inicio');
      // the spec's messages before any call
      await click(page, 'button', 'Verificar e-mail');
      await expectFieldError(page, 'E-mail do recebedor', 'Informe o e-mail do recebedor');
      await checkReceiver(page, emailB);
      await expectText(byRole(page, 'group', 'Recebedor'), 'Bruno L.');
      await click(page, 'button', 'Transferir');
      await expectFieldError(page, 'Quantidade', 'Informe a quantidade');
      await typeMasked(page, 'Quantidade', '2,50');
      await fill(page, 'Mensagem (opcional)', 'Presente de aniversário');
      await expectText(page, '23/40');
      await shotBoth(page, 'transferir-prata-2-formulario');
      await confirmWithCode(page, emailA, 'transferir-prata-3-codigo', /2,50 g para Bruno L\./);

      const receipt = byRole(page, 'dialog', 'Transferência realizada');
      await expectVisible(receipt);
      await expectText(receipt, '2,50 g');
      await expectText(receipt, 'Bruno L.');
      await shotBoth(page, 'transferir-prata-4-comprovante');
      // the PDF opens in a new window: the answer is a real PDF
      const [pdf, popup] = await Promise.all([
        page.waitForResponse((r) => /\/api\/silver-transfer\/\d+\/receipt$/.test(r.url())),
        page.context().waitForEvent('page'),
        click(receipt, 'button', 'Baixar comprovante'),
      ]);
      assert.equal(pdf.status(), 200);
      assert.equal(pdf.headers()['content-type'], 'application/pdf');
      await eventually(async () => assert.match(popup.url(), /^blob:/, 'the window shows the PDF'));
      // the file the window shows is the API's answer: a PDF (read again here with A's session)
      const again = await fetch(pdf.url(), { headers: { authorization: `Bearer ${a.token}` } });
      const bytes = Buffer.from(await again.arrayBuffer());
      assert.equal(bytes.subarray(0, 5).toString(), '%PDF-', 'a PDF file');
      assert.ok(bytes.length > 1000, `a PDF of ${bytes.length} bytes`);
      await popup.close();

      // the balance went down; the history has the row
      await eventually(async () =>
        assert.equal(
          normalizeSpace(await balance.textContent()),
          `${((aBefore - 250) / 100).toFixed(2).replace('.', ',')} g`,
        ),
      );
      await click(receipt, 'link', 'Ver no histórico');
      await expectPath(page, '/meu-historico/prata-transferida');
      const table = dataTable(page, 'Transferências de prata');
      await expectVisible(table);
      await eventually(async () => {
        const text = normalizeSpace(await table.textContent());
        assert.ok(text.includes('Enviada para Bruno L.') && text.includes(emailB) && text.includes('2,50 g'), text);
        assert.ok(text.includes('Realizada'), text);
      });
      await shotBoth(page, 'transferir-prata-5-historico');
    });
    // once: the reload on the code's dialog made no second transfer
    assert.equal(await gramsOf(a.token), aBefore - 250, "A's grams went down by 2,50 g");
    assert.equal(await gramsOf(b.token), bBefore + 250, "B's grams went up by 2,50 g");

    await withPage(journey.browser, { viewport: PHONE, token: b.token, name: 'transferir-prata-b' }, async (page) => {
      await page.goto('/transferir-prata');
      await eventually(async () =>
        assert.equal(normalizeSpace(await page.getByTestId('silver-balance').textContent()), '2,50 g'),
      );
      await page.goto('/meu-historico/prata-transferida');
      const table = dataTable(page, 'Transferências de prata');
      await expectVisible(table);
      await eventually(async () => {
        const text = normalizeSpace(await table.textContent());
        assert.ok(text.includes('Recebida de Ana S.') && text.includes('2,50 g'), text);
      });
      await shotBoth(page, 'transferir-prata-6-recebida');
    });

    // the operator checks the receipt's code in the back office
    const list = await apiCall<{ data: Array<{ id: number; check_code: string; sender: { email: string } }> }>(
      'GET',
      `/admin/silver-transfers?q=${encodeURIComponent(emailA)}`,
      undefined,
      journey.operatorToken,
    );
    const sent = list.data[0];
    assert.ok(sent, 'the transfer is in the back office');
    await withPage(
      journey.browser,
      { viewport: DESKTOP, token: journey.operatorToken, name: 'admin-transferencias' },
      async (page) => {
        await page.goto('/admin/transferencias');
        await expectVisible(page.getByRole('table', { name: 'Transferências de prata' }));
        const check = byRole(page, 'region', 'Verificar comprovante');
        await fill(check, 'Código de verificação', sent.check_code.replace(/(.{4})(?=.)/g, '$1-'));
        await click(check, 'button', 'Verificar');
        await expectText(check, `Comprovante autêntico: transferência nº ${sent.id}.`);
        await shotBoth(page, 'admin-transferencias');
      },
    );
  });

  it('to an e-mail with no account: the CPF is asked, the grams wait, the sender cancels from the history', {
    timeout: 180_000,
  }, async () => {
    const emailA = uniqueEmail('transfere-pendente');
    const a = await approvedCustomer({ name: 'Paula Pendente Reis', email: emailA }, journey.operatorToken, 300);
    await marketOrder(a.token, 'buy', 5);
    const aBefore = await gramsOf(a.token);
    const newcomer = uniqueEmail('sem-conta');
    await withPage(
      journey.browser,
      { viewport: PHONE, token: a.token, name: 'transferir-prata-pendente' },
      async (page) => {
        await page.goto('/transferir-prata');
        // the page's first load, on a busy machine, takes longer than a click
        await page.getByTestId('silver-balance').waitFor({ timeout: 30_000 });
        await checkReceiver(page, newcomer);
        await expectText(byRole(page, 'group', 'Recebedor'), 'Sem conta no Prata');
        await typeMasked(page, 'CPF do recebedor', '111.111.111-11');
        await typeMasked(page, 'Quantidade', '1,00');
        await click(page, 'button', 'Transferir');
        await expectFieldError(page, 'CPF do recebedor', 'Informe um CPF válido');
        await typeMasked(page, 'CPF do recebedor', randomCpf());
        await shotBoth(page, 'transferir-prata-7-sem-conta');
        await confirmWithCode(page, emailA);
        const receipt = byRole(page, 'dialog', 'Transferência reservada');
        await expectVisible(receipt);
        await expectText(receipt, 'Aguarda cadastro até');
        await shotBoth(page, 'transferir-prata-8-reservada');
        await click(receipt, 'link', 'Ver no histórico');
        await expectPath(page, '/meu-historico/prata-transferida');
        const table = dataTable(page, 'Transferências de prata');
        await eventually(async () =>
          assert.ok(
            normalizeSpace(await table.textContent()).includes('Aguardando cadastro'),
            'the transfer waits for the receiver',
          ),
        );
        await click(table, 'button', /Cancelar transferência nº \d+/);
        await click(byRole(page, 'dialog', 'Cancelar transferência'), 'button', 'Cancelar transferência');
        await expectVisible(snackbar(page, 'Transferência de prata cancelada'));
        await eventually(async () =>
          assert.ok(normalizeSpace(await table.textContent()).includes('Cancelado'), 'the transfer is cancelled'),
        );
      },
    );
    assert.equal(await gramsOf(a.token), aBefore, 'the grams came back');
  });
});
