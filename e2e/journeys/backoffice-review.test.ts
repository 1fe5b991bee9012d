/**
 * Journey: the back office reviews a new customer (Clientes, Limites).
 *
 * A fresh individual completes the registration, sends a document and asks for a higher limit, all through the API.
 * The demo operator signs in through the UI (code from the outbox), searches the customer under "Clientes", opens
 * the customer page (data, addresses, the document, downloaded byte for byte), sees that a rejection needs a reason,
 * approves the registration, and approves the limit request under "Limites" for a different amount than asked. The
 * customer then sees the new limit and no "Cadastro em análise" on /meus-dados.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { apiCall, apiLogin, createAccount } from '../lib/api';
import { DESKTOP, launchBrowser, PHONE, shotBoth, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from '../lib/env';
import { loginThroughUi } from '../lib/flows';
import { apiMultipart, completeIndividualRegistration, maskCpf, pdfBytes, randomCpf } from '../lib/meus-dados';
import {
  byRole,
  choose,
  click,
  expectHidden,
  expectPath,
  expectText,
  expectVisible,
  field,
  fill,
  normalizeSpace,
  snackbar,
  storedItem,
  typeMasked,
} from '../lib/ui';
import { eventually } from '../lib/wait';

const customer = {
  name: 'Otávio Nunes Barreto',
  email: uniqueEmail('analise'),
  cpf: randomCpf(),
  nascimento: '1979-02-03',
  celular: '31987650001',
};

describe('Back office: análise de cadastro e de limite', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('aprova o cadastro e o aumento de limite de um cliente novo', { timeout: 180_000 }, async () => {
    // ---- the customer: complete registration, one document, a limit request (through the API)
    const account = await createAccount({ name: customer.name, email: customer.email });
    const customerToken = await apiLogin(account.email, account.password);
    await completeIndividualRegistration(customerToken, customer);
    const rg = pdfBytes(`RG de ${customer.name}`);
    await apiMultipart('/documents', customerToken, {}, [
      { field: 'document', name: 'rg-frente-verso.pdf', type: 'application/pdf', bytes: rg },
    ]);
    await apiMultipart(
      '/trading-limit-increase',
      customerToken,
      {
        new_limit: '250000.00',
        net_worth: '900000.00',
        monthly_income: '42000.00',
        profession: 'Médico',
        company_name: 'Clínica Horizonte',
        company_cnpj: '11222333000181',
        other_info: '',
      },
      [{ field: 'documents[]', name: 'irpf.pdf', type: 'application/pdf', bytes: pdfBytes('IRPF') }],
    );

    await withPage(browser, { viewport: DESKTOP, name: 'backoffice-review' }, async (page) => {
      // ---- the operator signs in and opens the back office: Clientes first
      await loginThroughUi(page, DEMO.operator.email, DEMO_PASSWORD);
      // staff land in the back office: Clientes
      await eventually(async () => assert.ok(await storedItem(page, 'authToken'), 'signed in'));
      await expectPath(page, '/admin/clientes');
      await expectVisible(byRole(page, 'heading', 'Clientes'));
      const nav = page.getByRole('navigation', { name: 'Back office' });
      await expectVisible(nav);
      assert.deepEqual(
        (await nav.filter({ visible: true }).first().getByRole('link').allTextContents()).map(normalizeSpace),
        [
          'Clientes',
          'Limites',
          'Depósitos',
          'Retiradas',
          'Mercado',
          'Prata física',
          'Transferências',
          'Poupanças',
          'Reservas',
          'Afiliados',
          'Vídeos',
          'Atendimento',
          'Privacidade',
          'Retenção de dados',
          'Registro de auditoria',
          'Conferência do razão',
        ],
      );
      const table = page.getByRole('table', { name: 'Clientes' });
      await expectVisible(table);
      await shotBoth(page, 'admin-clientes');

      // ---- search by CPF and filter "Em análise"
      await fill(page, 'Buscar', maskCpf(customer.cpf));
      await eventually(async () => {
        assert.equal(new URL(page.url()).searchParams.get('q'), maskCpf(customer.cpf));
        const rows = table.getByRole('row');
        assert.equal(await rows.count(), 2, 'the header and one customer');
      });
      await choose(page, 'Status', 'Em análise');
      await eventually(async () => assert.equal(new URL(page.url()).searchParams.get('status'), 'pending'));
      const row = table.getByRole('row').filter({ hasText: customer.name });
      await expectVisible(row);
      assert.match(
        normalizeSpace(await row.textContent()),
        new RegExp(`${maskCpf(customer.cpf).replace(/\./g, '\\.')}.*Em análise`),
      );
      await shotBoth(page, 'admin-clientes-busca');
      await choose(page, 'Status', 'Aprovados');
      await expectText(page, 'Nenhum cliente encontrado.');
      await choose(page, 'Status', 'Em análise');

      // ---- the customer page
      await click(row, 'link', customer.name);
      await eventually(() => assert.match(new URL(page.url()).pathname, /^\/admin\/clientes\/\d+$/));
      await expectVisible(byRole(page, 'heading', customer.name));
      await expectVisible(byRole(page, 'heading', 'Dados pessoais'));
      const personal = page.getByRole('region', { name: 'Dados pessoais' });
      const personalText = normalizeSpace(await personal.textContent());
      assert.ok(personalText.includes(maskCpf(customer.cpf)), personalText);
      assert.ok(personalText.includes('03/02/1979'), personalText);
      await expectText(page, 'Rua Barão de Jaguara, 1000');
      const limitRequests = page.getByRole('region', { name: 'Pedidos de limite' });
      assert.match(normalizeSpace(await limitRequests.textContent()), /R\$ 250\.000,00.*Em análise/);
      await shotBoth(page, 'admin-cliente-detalhe');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        click(page, 'button', 'Baixar rg-frente-verso.pdf'),
      ]);
      assert.ok((await readFile(await download.path())).equals(rg), 'the operator downloads the same bytes');

      // a rejection needs a reason; cancel it
      await click(page, 'button', 'Recusar cadastro');
      const reject = page.getByRole('dialog', { name: 'Recusar cadastro?' });
      await expectVisible(reject);
      await click(reject, 'button', 'Recusar cadastro');
      await expectText(reject, 'Informe o motivo');
      await shotBoth(page, 'admin-cliente-recusar');
      await click(reject, 'button', 'Cancelar');
      await expectHidden(reject);

      // approve, with a note
      await click(page, 'button', 'Aprovar cadastro');
      const approve = page.getByRole('dialog', { name: 'Aprovar cadastro?' });
      await expectVisible(approve);
      await fill(approve, 'Observação', 'Documentos conferidos.');
      await shotBoth(page, 'admin-cliente-aprovar');
      await click(approve, 'button', 'Aprovar cadastro');
      await expectVisible(snackbar(page, 'Cadastro aprovado.'));
      await expectHidden(approve);
      await eventually(async () => {
        const header = normalizeSpace(await page.getByRole('main').textContent());
        assert.ok(header.includes('Aprovado'), header);
        assert.ok(header.includes('aprovado em'), header);
      });
      await expectHidden(byRole(page, 'button', 'Aprovar cadastro'), 'no second approval');
      // the customer page's audit history reads in Portuguese
      const history = page.getByRole('table', { name: 'Histórico de auditoria do cliente' });
      await expectText(history, 'Cadastro aprovado');
      await expectText(history, 'Observação: Documentos conferidos.');

      // ---- Limites: approve a different amount than asked
      await click(page, 'link', 'Analisar em Limites');
      await expectPath(page, '/admin/limites');
      const requests = page.getByRole('table', { name: 'Pedidos de aumento de limite' });
      const request = requests.getByRole('row').filter({ hasText: customer.email });
      await expectVisible(request);
      const requestText = normalizeSpace(await request.textContent());
      for (const part of ['R$ 50.000,00', 'R$ 250.000,00', 'R$ 42.000,00 /mês', 'R$ 900.000,00', 'Médico']) {
        assert.ok(requestText.includes(part), `${part} in ${requestText}`);
      }
      await shotBoth(page, 'admin-limites');
      await click(request, 'button', `Aprovar limite de ${customer.name}`);
      const approveLimit = page.getByRole('dialog', { name: 'Aprovar aumento de limite?' });
      await expectVisible(approveLimit);
      assert.equal(await approveLimit.getByLabel(/^Limite aprovado/).inputValue(), '250.000,00', 'the asked limit');
      await typeMasked(approveLimit, 'Limite aprovado', '200000');
      await shotBoth(page, 'admin-limites-aprovar');
      await click(approveLimit, 'button', 'Aprovar limite');
      await expectVisible(snackbar(page, 'Limite aprovado.'));
      await expectHidden(request, 'the decided request');
      await shotBoth(page, 'admin-limites-depois');

      // the audit log keeps both decisions
      await click(
        page.getByRole('navigation', { name: 'Back office' }).filter({ visible: true }),
        'link',
        'Registro de auditoria',
      );
      await expectPath(page, '/admin/auditoria');
      const log = page.getByRole('table', { name: 'Registro de auditoria' });
      await expectText(log, 'Cadastro aprovado');
      await expectText(log, 'Aumento de limite aprovado');
      await expectText(log, 'Limite aprovado: R$ 200.000,00');

      // the ledger checks, from the back office (administration and finance)
      await click(
        page.getByRole('navigation', { name: 'Back office' }).filter({ visible: true }),
        'link',
        'Conferência do razão',
      );
      await expectPath(page, '/admin/conferencia');
      await click(page, 'button', 'Conferir agora');
      await expectVisible(page.getByText('O razão confere'), 'the reconciliation result from the server');
      await shotBoth(page, 'admin-conferencia');
    });

    // ---- the customer sees the new limit and an approved registration
    const { user } = await apiCall<{ user: { trading_limit: number; approved_at: string | null } }>(
      'GET',
      '/user',
      undefined,
      customerToken,
    );
    assert.equal(user.trading_limit, 200000);
    assert.ok(user.approved_at, 'approved');
    await withPage(
      browser,
      { viewport: PHONE, name: 'backoffice-review-customer', token: customerToken },
      async (page) => {
        await page.goto('/meus-dados/aumentar-limite');
        await eventually(async () =>
          assert.equal(normalizeSpace(await page.getByTestId('current-limit').textContent()), 'R$ 200.000,00'),
        );
        const requests = page.getByRole('list', { name: 'Pedidos de aumento de limite' });
        assert.match(normalizeSpace(await requests.textContent()), /limite aprovado: R\$ 200\.000,00.*Aprovado/);
        await expectHidden(page.getByText('Cadastro em análise'), 'no review banner once approved');
        await shotBoth(page, 'meus-dados-6-aumentar-limite-aprovado');

        // approved identity data is read-only, with how to ask for a correction
        await page.goto('/meus-dados');
        await expectText(page, /Seu cadastro foi aprovado: nome, CPF e data de nascimento/);
        assert.notEqual(await field(page, 'Nome completo').getAttribute('readonly'), null, 'the name is read-only');
        assert.notEqual(
          await field(page, 'Data de nascimento').getAttribute('readonly'),
          null,
          'the birth date is read-only',
        );
        await shotBoth(page, 'meus-dados-1-dados-pessoais-aprovado');
      },
    );
  });
});
