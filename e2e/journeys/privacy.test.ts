/**
 * Journey: "Baixar meus dados" (docs/privacy.md).
 *
 * Maria, the demo customer, also sends what the demo's history does not give her (a document, an attachment on her
 * open ticket, a limit request, a price alert, a saving plan). On /meus-dados/privacidade-e-dados she reads with whom
 * Prata shares her data, her consents and the encarregado, and asks for a copy of her data. The job builds it; the tab
 * shows it ready. In the dev mailbox she opens the e-mail and its link downloads the ZIP: data.json follows the schema
 * and holds every kind of record, the files are there, and resumo.pdf is a PDF. The back office lists the request with
 * its legal deadline.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { PRIVACY_EXPORT_SECTIONS, PrivacyExportData } from '@prata/domain';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser } from 'playwright-core';
import { ApiError, apiCall, apiLogin, idempotentCall } from '../lib/api';
import { DESKTOP, launchBrowser, PHONE, shotBoth, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD } from '../lib/env';
import { apiMultipart, pdfBytes } from '../lib/meus-dados';
import { byRole, click, expectText, expectVisible, fill } from '../lib/ui';
import { eventually } from '../lib/wait';

let browser: Browser;
let token: string;
let operatorToken: string;

const pdf = (field: string, name: string) => ({ field, name, type: 'application/pdf', bytes: pdfBytes(name) });

before(async () => {
  browser = await launchBrowser();
  token = await apiLogin(DEMO.customer.email, DEMO_PASSWORD);
  operatorToken = await apiLogin(DEMO.operator.email, DEMO_PASSWORD);
  await apiMultipart('/documents', token, {}, [pdf('document', 'RG frente.pdf')]);
  const tickets = await apiCall<{ tickets: { data: Array<{ id: number; status: string }> } }>(
    'GET',
    '/tickets',
    undefined,
    token,
  );
  const open = tickets.tickets.data.find((t) => t.status !== 'closed');
  assert.ok(open, 'the demo customer has an open ticket');
  await apiMultipart(`/ticket/${open.id}/attachment`, token, {}, [pdf('file', 'comprovante.pdf')]);
  // a limit request stays pending until an operator decides: one from an earlier run of this journey is as good
  await limitRequest().catch((err: unknown) => {
    if (!(err instanceof ApiError && err.code === 'LIMIT_REQUEST_PENDING')) throw err;
  });
  await idempotentCall('POST', '/price-alerts', { direction: 'above', price_per_gram: '12,00' }, token);
  await idempotentCall(
    'POST',
    '/saving-plans',
    { amount: '50,00', frequency: 'monthly', month_day: 10, payment_method: 'balance' },
    token,
  );
});

function limitRequest() {
  return apiMultipart(
    '/trading-limit-increase',
    token,
    {
      new_limit: '100000,00',
      net_worth: '500000,00',
      monthly_income: '20000,00',
      profession: 'Arquiteta',
      company_name: 'Escritório Santos',
      company_cnpj: '11.222.333/0001-81',
      other_info: '',
    },
    [pdf('documents[]', 'declaracao-ir.pdf')],
  );
}

after(async () => {
  await browser?.close();
});

describe('Privacidade e dados', () => {
  it('asks for a copy, downloads it from the e-mailed link and finds every kind of record', {
    timeout: 240_000,
  }, async () => {
    await withPage(browser, { viewport: PHONE, token, name: 'privacidade-e-dados' }, async (page) => {
      await page.goto('/meus-dados/privacidade-e-dados');
      await expectVisible(byRole(page, 'heading', 'Privacidade e dados'));
      await expectVisible(byRole(page, 'heading', 'Com quem compartilhamos'));
      await expectVisible(byRole(page, 'heading', 'Asaas Gestão Financeira'));
      await expectText(page, /Termos de uso: versão 2026-11, aceita em/);
      await expectVisible(byRole(page, 'switch', /novidades e ofertas/));
      await expectVisible(byRole(page, 'link', 'encarregado@prata.dev'));
      await shotBoth(page, 'privacidade-e-dados');

      await click(page, 'button', 'Pedir cópia dos meus dados');
      await expectText(page, /Vamos preparar o arquivo/);
      // the tab asks again while the copy is prepared, and offers it when it is ready
      const requests = byRole(page, 'list', 'Seus pedidos de cópia dos dados');
      await eventually(
        () => requests.getByRole('button', { name: 'Baixar arquivo' }).waitFor({ state: 'visible', timeout: 5_000 }),
        { timeoutMs: 90_000 },
      );
      await expectText(requests, /Pronto/);
      await expectText(page, /Um novo pedido pode ser feito a partir de/);
    });

    await withPage(browser, { viewport: DESKTOP, name: 'privacidade-caixa-postal' }, async (page) => {
      await page.goto('/dev/caixa-postal');
      // her own messages: the mailbox of a whole test run is long
      await fill(page, 'E-mail ou celular', DEMO.customer.email);
      await click(page, 'button', 'Buscar');
      await page
        .getByRole('button', { name: /Seus dados na Prata estão prontos/ })
        .first()
        .click();
      const mail = page.frameLocator('iframe[title="Seus dados na Prata estão prontos para download"]');
      // a click that lands while the dialog's frame is still settling starts nothing: a person clicks again
      const download = await eventually(
        async () =>
          (
            await Promise.all([
              page.waitForEvent('download', { timeout: 10_000 }),
              mail.getByRole('link', { name: 'Baixar meus dados' }).click(),
            ])
          )[0],
        { timeoutMs: 40_000 },
      );
      assert.match(download.suggestedFilename(), /^prata-meus-dados-\d{4}-\d{2}-\d{2}-\d+\.zip$/);
      const zip = unzipSync(new Uint8Array(await readFile((await download.path())!)));
      const data = PrivacyExportData.parse(JSON.parse(strFromU8(zip['data.json']!)));
      assert.equal(data.customer.email, DEMO.customer.email);
      const empty = PRIVACY_EXPORT_SECTIONS.filter((s) => data.sections[s].length === 0);
      assert.deepEqual(empty, [], `sections without a record: ${empty.join(', ')}`);
      assert.ok(data.declarations.fatca_declared_at, 'the FATCA declaration');
      for (const f of data.files) assert.equal(zip[f.path]?.length, f.size_bytes, f.path);
      assert.deepEqual(new Set(data.files.map((f) => f.source)), new Set(['document', 'ticket_attachment']));
      assert.equal(strFromU8(zip['resumo.pdf']!.subarray(0, 5)), '%PDF-');
      assert.match(strFromU8(zip['LEIA-ME.txt']!), /data\.json/);
    });

    await withPage(browser, { viewport: DESKTOP, token: operatorToken, name: 'admin-privacidade' }, async (page) => {
      await page.goto('/admin/privacidade');
      await expectVisible(byRole(page, 'heading', 'Privacidade'));
      await click(page, 'tab', 'Todos');
      const queue = byRole(page, 'table', /Pedidos de titulares/);
      const row = queue.getByRole('row').filter({ hasText: DEMO.customer.email });
      await expectVisible(row.first());
      await expectText(row.first(), /Cópia dos dados/);
      await expectText(row.first(), /Pronto/);
      await shotBoth(page, 'admin-privacidade');
      await click(page, 'tab', 'Operadores de dados');
      await expectVisible(byRole(page, 'table', 'Operadores de dados pessoais'));
    });
  });
});
