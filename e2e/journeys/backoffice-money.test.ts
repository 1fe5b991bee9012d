/**
 * Journey: the back office's money (Depósitos, Retiradas, the customer's Extrato) and the dev mailbox's Pix payer.
 *
 * A fresh individual completes the registration and is approved through the API. (a) The customer sends two TED
 * deposits with a receipt (through the API: the customer's TED screen is another journey's); the operator opens
 * /admin/depositos, downloads the receipt byte for byte, approves one, rejects the other with a reason (a rejection
 * without one is refused on the screen), finds both among the decided ones; the customer's balance and the statement
 * on /admin/clientes/:id show the credit. (c) A Pix deposit is paid with "Pagar" on /dev/caixa-postal, another with
 * "Simular pagamento" on /admin/depositos. (b) The customer, with an e-mail Pix key and a code from the mailbox, asks
 * for a withdrawal (API); the operator approves and pays it on /admin/retiradas; it shows as paid.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiCall, apiLogin, createAccount, idempotentCall } from '../lib/api';
import { DESKTOP, launchBrowser, shotBoth, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from '../lib/env';
import { apiMultipart, completeIndividualRegistration, pdfBytes, randomCpf } from '../lib/meus-dados';
import { lastMessageId, latestCode } from '../lib/outbox';
import {
  byRole,
  choose,
  click,
  expectHidden,
  expectPath,
  expectText,
  expectVisible,
  fill,
  normalizeSpace,
  snackbar,
} from '../lib/ui';
import { eventually } from '../lib/wait';

const customer = {
  name: 'Lívia Monteiro Prado',
  email: uniqueEmail('dinheiro'),
  cpf: randomCpf(),
  nascimento: '1986-07-14',
  celular: '31987650002',
};

type Deposit = { id: number; asaas_payment_id: string | null };

async function balance(token: string): Promise<number> {
  const { user } = await apiCall<{ user: { balance_brl: number } }>('GET', '/user', undefined, token);
  return user.balance_brl;
}

async function pixDeposit(token: string, amount: string): Promise<Deposit> {
  const { deposit } = await idempotentCall<{ deposit: Deposit }>('POST', '/deposit/pix', { amount }, token);
  assert.ok(deposit.asaas_payment_id, 'a Pix deposit has its payment id');
  return deposit;
}

const backOffice = (page: Page) => page.getByRole('navigation', { name: 'Back office' }).filter({ visible: true });

describe('Back office: depósitos, retiradas e extrato', () => {
  let browser: Browser;
  let operatorToken: string;
  let customerToken: string;
  let customerId: number;

  before(async () => {
    browser = await launchBrowser();
    const account = await createAccount({ name: customer.name, email: customer.email });
    customerId = account.id;
    customerToken = await apiLogin(account.email, account.password);
    await completeIndividualRegistration(customerToken, customer);
    operatorToken = await apiLogin(DEMO.operator.email, DEMO_PASSWORD);
    await apiCall('POST', `/admin/customers/${customerId}/review`, { decision: 'approve' }, operatorToken);
  });
  after(async () => {
    await browser?.close();
  });

  it('um depósito por TED aprovado pelo operador, e outro recusado com motivo', { timeout: 180_000 }, async () => {
    const receipt = pdfBytes(`TED de ${customer.name}`);
    for (const amount of ['1500.50', '300.00']) {
      await apiMultipart('/deposit/ted', customerToken, { amount }, [
        { field: 'receipt', name: 'comprovante-ted.pdf', type: 'application/pdf', bytes: receipt },
      ]);
    }
    assert.equal(await balance(customerToken), 0);

    await withPage(browser, { viewport: DESKTOP, name: 'backoffice-money-ted', token: operatorToken }, async (page) => {
      await page.goto('/admin/clientes');
      await click(backOffice(page), 'link', 'Depósitos');
      await expectPath(page, '/admin/depositos');
      await expectVisible(byRole(page, 'heading', 'Depósitos'));
      assert.equal(await byRole(page, 'tab', 'TED pendentes').getAttribute('aria-selected'), 'true');
      const table = page.getByRole('table', { name: 'Depósitos por TED pendentes' });
      const mine = table.getByRole('row').filter({ hasText: customer.email });
      const approved = mine.filter({ hasText: 'R$ 1.500,50' });
      const refused = mine.filter({ hasText: 'R$ 300,00' });
      await expectVisible(approved);
      await expectVisible(refused);
      assert.match(normalizeSpace(await approved.textContent()), /comprovante-ted\.pdf.*Ver comprovante/);
      await shotBoth(page, 'admin-depositos-ted');

      // the receipt, as the customer sent it
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        click(approved, 'button', `Ver comprovante de ${customer.name}`),
      ]);
      assert.ok((await readFile(await download.path())).equals(receipt), 'the operator gets the same bytes');

      // approve: a confirmation, then the server's message
      await click(approved, 'button', `Aprovar depósito de ${customer.name}`);
      const approve = page.getByRole('dialog', { name: 'Aprovar depósito por TED?' });
      await expectVisible(approve);
      assert.match(normalizeSpace(await approve.textContent()), /R\$ 1\.500,50 de Lívia Monteiro Prado/);
      await shotBoth(page, 'admin-depositos-aprovar');
      await click(approve, 'button', 'Aprovar e creditar');
      await expectVisible(snackbar(page, 'Depósito aprovado e creditado.'));
      await expectHidden(approved, 'the approved deposit leaves the queue');

      // reject: the reason is required
      await click(refused, 'button', `Recusar depósito de ${customer.name}`);
      const reject = page.getByRole('dialog', { name: 'Recusar depósito por TED?' });
      await expectVisible(reject);
      await click(reject, 'button', 'Recusar depósito');
      await expectText(reject, 'Informe o motivo');
      await shotBoth(page, 'admin-depositos-recusar');
      await fill(reject, 'Motivo', 'A transferência não foi localizada.');
      await click(reject, 'button', 'Recusar depósito');
      await expectVisible(snackbar(page, 'Depósito recusado.'));
      await expectHidden(refused, 'the rejected deposit leaves the queue');

      // the decided ones, newest first, with the reason
      await click(page, 'tab', 'Decididos');
      const decided = page.getByRole('table', { name: 'Depósitos decididos' });
      const approvedRow = decided.getByRole('row').filter({ hasText: customer.email });
      await expectVisible(approvedRow);
      assert.match(normalizeSpace(await approvedRow.first().textContent()), /TED.*R\$ 1\.500,50.*Aprovado/);
      await shotBoth(page, 'admin-depositos-decididos');
      await choose(page, 'Situação', 'Recusados');
      const refusedRow = decided.getByRole('row').filter({ hasText: customer.email });
      await eventually(async () =>
        assert.match(
          normalizeSpace(await refusedRow.first().textContent()),
          /R\$ 300,00.*Recusado.*Motivo: A transferência não foi localizada\./,
        ),
      );
    });

    // the customer's balance, and the statement on the customer page
    assert.equal(await balance(customerToken), 1500.5);
    await withPage(
      browser,
      { viewport: DESKTOP, name: 'backoffice-money-extrato', token: operatorToken },
      async (page) => {
        await page.goto(`/admin/clientes/${customerId}`);
        await expectVisible(byRole(page, 'heading', customer.name));
        const statement = page.getByRole('region', { name: 'Extrato' });
        await expectVisible(statement);
        await eventually(async () => {
          // biome-ignore lint/performance/useDomNodeTextContent: the rendered text keeps label and value apart
          const text = normalizeSpace(await statement.innerText());
          assert.ok(text.includes('Reais disponíveis R$ 1.500,50'), text);
          assert.ok(text.includes('Reais reservados R$ 0,00'), text);
        });
        const line = page
          .getByRole('table', { name: 'Extrato do cliente' })
          .getByRole('row')
          .filter({ hasText: 'Depósito TED' });
        await expectVisible(line);
        assert.match(
          normalizeSpace(await line.textContent()),
          /Depósito TED.*Compensação TED.*\+R\$ 1\.500,50.*Reais · disponível/,
        );
        await statement.scrollIntoViewIfNeeded();
        await shotBoth(page, 'admin-cliente-extrato');
      },
    );
  });

  it('o botão "Pagar" da caixa postal paga um depósito Pix pendente', { timeout: 120_000 }, async () => {
    const before = await balance(customerToken);
    const byMailbox = await pixDeposit(customerToken, '250.00');
    const byOperator = await pixDeposit(customerToken, '100.00');

    await withPage(browser, { viewport: DESKTOP, name: 'backoffice-money-pix' }, async (page) => {
      await page.goto('/dev/caixa-postal');
      await expectVisible(byRole(page, 'heading', 'Pagamentos Pix pendentes'));
      await expectText(page, /faz o papel do banco de quem paga/);
      const list = page.getByRole('list', { name: 'Pagamentos Pix pendentes' });
      const row = list.getByRole('listitem').filter({ hasText: byMailbox.asaas_payment_id! });
      await expectVisible(row);
      assert.match(
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text keeps the lines apart
        normalizeSpace(await row.innerText()),
        new RegExp(`R\\$ 250,00 · ${customer.email.replace(/\./g, '\\.')}`),
      );
      await shotBoth(page, 'dev-caixa-postal-pagamentos');
      await click(row, 'button', `Pagar ${byMailbox.asaas_payment_id}`);
      await expectVisible(snackbar(page, 'Pagamento recebido pelo provedor embutido.'));
      await expectHidden(row, 'the paid deposit leaves the list');
    });
    await eventually(async () => assert.equal(await balance(customerToken), before + 250));

    // the same payer, from the back office's Pix queue
    await withPage(
      browser,
      { viewport: DESKTOP, name: 'backoffice-money-pix-admin', token: operatorToken },
      async (page) => {
        await page.goto('/admin/depositos?fila=pix');
        const table = page.getByRole('table', { name: 'Depósitos Pix pendentes' });
        const row = table.getByRole('row').filter({ hasText: byOperator.asaas_payment_id! });
        await expectVisible(row);
        await expectHidden(table.getByRole('row').filter({ hasText: byMailbox.asaas_payment_id! }), 'the paid one');
        await expectText(page, /“Simular pagamento” faz o papel do banco de quem paga/);
        await shotBoth(page, 'admin-depositos-pix');
        await click(row, 'button', `Simular pagamento de ${customer.name}`);
        const dialog = page.getByRole('dialog', { name: 'Simular pagamento Pix?' });
        await expectVisible(dialog);
        await click(dialog, 'button', 'Simular pagamento');
        await expectVisible(snackbar(page, 'Pagamento recebido pelo provedor embutido.'));
        await expectHidden(row, 'the paid deposit leaves the queue');
      },
    );
    assert.equal(await balance(customerToken), before + 350);
  });

  it('o operador aprova e paga uma retirada pendente', { timeout: 120_000 }, async () => {
    // funds of its own: a Pix deposit paid by the embedded provider's payer
    const funding = await pixDeposit(customerToken, '400.00');
    await apiCall('POST', `/dev/payments/${funding.asaas_payment_id}/receive`);
    const { bankingInformation } = await apiCall<{ bankingInformation: { id: number } }>(
      'POST',
      '/banking-information',
      { type: 'pix', key_type: 'email', key: customer.email },
      customerToken,
    );
    const before = await balance(customerToken);
    const after = await lastMessageId(customer.email);
    await idempotentCall('POST', '/withdrawal/verification-code', { amount: '200.00' }, customerToken);
    const code = await latestCode(customer.email, { after });
    const { withdrawal } = await idempotentCall<{ withdrawal: { status: string; instant: boolean } }>(
      'POST',
      '/withdrawal',
      { verificationCode: code, bankingInformationId: bankingInformation.id, amount: '200.00' },
      customerToken,
    );
    assert.equal(withdrawal.status, 'pending', 'an e-mail key waits for the operator');
    assert.equal(await balance(customerToken), before - 200, 'the amount is held');

    await withPage(
      browser,
      { viewport: DESKTOP, name: 'backoffice-money-retirada', token: operatorToken },
      async (page) => {
        await page.goto('/admin/clientes');
        await click(backOffice(page), 'link', 'Retiradas');
        await expectPath(page, '/admin/retiradas');
        const table = page.getByRole('table', { name: 'Retiradas pendentes' });
        const row = table.getByRole('row').filter({ hasText: customer.email });
        await expectVisible(row);
        assert.match(
          // biome-ignore lint/performance/useDomNodeTextContent: the rendered text keeps the lines apart
          normalizeSpace(await row.innerText()),
          new RegExp(
            `R\\$ 200,00 tarifa isenta líquido R\\$ 200,00.*Pix e-mail ${customer.email.replace(/\./g, '\\.')}`,
          ),
        );
        await shotBoth(page, 'admin-retiradas');
        await click(row, 'button', `Aprovar e pagar retirada de ${customer.name}`);
        const approve = page.getByRole('dialog', { name: 'Aprovar e pagar a retirada?' });
        await expectVisible(approve);
        await expectText(approve, /enviados agora pelo provedor de pagamentos/);
        await shotBoth(page, 'admin-retiradas-aprovar');
        await click(approve, 'button', 'Aprovar e pagar');
        await expectVisible(snackbar(page, 'Retirada aprovada e enviada ao banco.'));
        await expectHidden(row, 'the paid withdrawal leaves the queue');

        await click(page, 'tab', 'Decididas');
        const decided = page
          .getByRole('table', { name: 'Retiradas decididas' })
          .getByRole('row')
          .filter({ hasText: customer.email });
        await expectVisible(decided);
        assert.match(normalizeSpace(await decided.first().textContent()), /R\$ 200,00.*Aprovada.*Pago/);
        await shotBoth(page, 'admin-retiradas-decididas');

        // the statement tells the hold and the payout apart
        await click(decided.first(), 'link', customer.name);
        await expectPath(page, `/admin/clientes/${customerId}`);
        const lines = page.getByRole('table', { name: 'Extrato do cliente' });
        await expectVisible(lines.getByRole('row').filter({ hasText: 'Retirada paga' }));
        assert.match(
          normalizeSpace(await lines.getByRole('row').filter({ hasText: 'Retirada paga' }).textContent()),
          /Retirada paga.*Pagamentos aos bancos.*−R\$ 200,00.*Reais · reservado/,
        );
        assert.equal(
          await lines
            .getByRole('row')
            .filter({ hasText: /^.*Reserva(?! devolvida)/ })
            .count(),
          2,
          'the hold, on both sides',
        );
        await page.getByRole('region', { name: 'Extrato' }).scrollIntoViewIfNeeded();
        await shotBoth(page, 'admin-cliente-extrato-retirada');
      },
    );
    assert.equal(await balance(customerToken), before - 200, 'paid: the held amount left');
  });
});
