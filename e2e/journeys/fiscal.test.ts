/**
 * Journey: Minhas notas and the IRPF guide (spec 3 §2, §7, §8; docs/fiscal.md).
 *
 * The demo customer (two years of trades, invoices issued by the embedded issuer) opens /minhas-notas on a desktop:
 * both tables have rows and the test-document notice; the newest service invoice's PDF downloads (a real PDF marked
 * "SEM VALOR FISCAL - ambiente de testes"), and the product invoice's link downloads its PDF too. On a phone, /irpf
 * opens on the previous year with the guide's figures, the position on 31/12 and the year's orders; the Excel export
 * of that year downloads and is a real xlsx (a zip whose workbook names the year's sheet).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { apiLogin } from '../lib/api';
import { DESKTOP, launchBrowser, PHONE, shotBoth, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD } from '../lib/env';
import { byRole, click, dataRows, dataTable, expectText, expectVisible } from '../lib/ui';
import { eventually } from '../lib/wait';

const lastYear = new Date(Date.now() - 3 * 3_600_000).getUTCFullYear() - 1;

let browser: Browser;
let token: string;

before(async () => {
  browser = await launchBrowser();
  token = await apiLogin(DEMO.customer.email, DEMO_PASSWORD);
});

after(async () => {
  await browser?.close();
});

describe('Minhas notas e IRPF', () => {
  it('an invoice PDF downloads from /minhas-notas (service and product)', { timeout: 180_000 }, async () => {
    await withPage(browser, { viewport: DESKTOP, token, name: 'minhas-notas' }, async (page) => {
      const listed = page.waitForResponse((r) => r.url().includes('/api/service-invoices'), { timeout: 60_000 });
      await page.goto('/minhas-notas');
      await listed;
      await expectVisible(byRole(page, 'heading', 'Minhas notas'));
      const services = byRole(page, 'table', 'Notas de serviço');
      await eventually(async () => assert.ok((await services.locator('tbody tr').count()) >= 10, 'service rows'));
      await expectText(services, /Serviços da Prata em /);
      await expectText(page, /não têm valor fiscal/);
      const products = byRole(page, 'table', 'Notas de produtos');
      await expectText(products, /Retirada da custódia de prata física, pedido nº \d+/);
      await shotBoth(page, 'minhas-notas');

      const first = services.locator('tbody tr').first();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        first.getByRole('button', { name: /^Baixar a nota de serviço / }).click(),
      ]);
      assert.match(download.suggestedFilename(), /^nota-servico-T-S-\d{6}\.pdf$/);
      const pdf = await readFile(await download.path());
      assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');

      const [productPdf] = await Promise.all([
        page.waitForEvent('download'),
        products
          .getByRole('button', { name: /^Baixar a nota de produto / })
          .first()
          .click(),
      ]);
      assert.match(productPdf.suggestedFilename(), /^nota-produto-T-P-\d{6}\.pdf$/);
      assert.equal((await readFile(await productPdf.path())).subarray(0, 5).toString(), '%PDF-');
    });
  });

  it('the IRPF export downloads for the previous year', { timeout: 180_000 }, async () => {
    await withPage(browser, { viewport: PHONE, token, name: 'irpf' }, async (page) => {
      const position = page.waitForResponse((r) => r.url().includes('/api/irpf/position/'), { timeout: 60_000 });
      await page.goto('/irpf');
      await position;
      await expectVisible(byRole(page, 'heading', 'Imposto de renda'));
      await expectText(page, /mais de R\$ 5\.000,00 em 31 de dezembro/);
      await expectText(page, /15% a 22,5%/);
      await expectText(page, new RegExp(`Sua posição em 31/12/${lastYear}`));
      const combo = byRole(page, 'combobox', 'Ano-calendário');
      assert.equal((await combo.textContent())?.trim(), String(lastYear));
      const orders = dataTable(page, `Ordens realizadas em ${lastYear}`);
      await eventually(async () => assert.ok((await dataRows(orders).count()) >= 10, 'orders of the year'));
      await expectText(orders, new RegExp(`/${lastYear}`));
      await shotBoth(page, 'irpf');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        click(page, 'button', `Baixar planilha de ${lastYear} (Excel)`),
      ]);
      assert.equal(download.suggestedFilename(), `prata-irpf-${lastYear}.xlsx`);
      const xlsx = await readFile(await download.path());
      // an xlsx is a zip (PK) holding the workbook, whose first sheet is the year's orders
      assert.equal(xlsx.subarray(0, 2).toString(), 'PK');
      assert.ok(xlsx.length > 4000, 'a workbook with rows');

      // another year from the selector
      await combo.click();
      await click(page, 'option', String(lastYear + 1));
      await expectVisible(dataTable(page, `Ordens realizadas em ${lastYear + 1}`));
      await shotBoth(page, 'irpf-ano-atual');
    });
  });
});
