/**
 * Journey: amounts written the Brazilian way (docs/ARCHITECTURE.md "Money").
 *
 * The demo customer signs in on a phone (the code from the mailbox). On /adicionar-dinheiro/pix, "1.234,56" typed key
 * by key stays R$ 1.234,56 (it was read as R$ 1,23) and is what "Criar QR Code" would send; "R$ 1.500,00" pasted (a
 * clipboard paste event) and inserted at once (as an autofill or a keyboard paste does) is read whole (it left the
 * field empty). The requests are caught before they reach the server: no charge is created. On /ordens, "1.000" typed
 * into the grams is one thousand grams in the live summary (it was 1,00 g).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, PHONE, shot, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD } from '../lib/env';
import { loginThroughUi } from '../lib/flows';
import { expectSummary, openOrdersTab, orderForm } from '../lib/orders';
import { byRole, click, expectVisible, field, storedItem, typeMasked } from '../lib/ui';
import { eventually } from '../lib/wait';

const AMOUNT = 'Valor do depósito';

/** The bodies "Criar QR Code" sends, answered here with a network failure so no charge is created. */
async function catchPixRequests(page: Page): Promise<string[]> {
  const bodies: string[] = [];
  await page.route('**/api/deposit/pix', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    bodies.push(route.request().postData() ?? '');
    await route.abort('failed');
  });
  return bodies;
}

/** What "Criar QR Code" sends for the amount now in the field. */
async function sentAmount(page: Page, bodies: string[]): Promise<string> {
  const before = bodies.length;
  await click(page, 'button', 'Criar QR Code');
  await eventually(async () => assert.ok(bodies.length > before, 'the Pix request was sent'));
  const body = bodies[bodies.length - 1]!;
  const json = body.startsWith('{') ? (JSON.parse(body) as { amount?: unknown }) : null;
  return String(json ? json.amount : (/name="amount"\r?\n\r?\n([^\r\n]*)/.exec(body)?.[1] ?? body));
}

/** A paste as Chromium dispatches it, with the text on the event's clipboard data, over the whole field. */
async function pasteInto(page: Page, label: string, text: string): Promise<void> {
  const input = field(page, label);
  await input.click();
  await input.press('ControlOrMeta+A');
  await input.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

describe('Valores escritos como no Brasil', () => {
  let browser: Browser;

  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('Pix: "1.234,56" digitado e "R$ 1.500,00" colado; ordens: "1.000" g', { timeout: 180_000 }, async () => {
    await withPage(browser, { viewport: PHONE, name: 'amounts' }, async (page) => {
      await loginThroughUi(page, DEMO.customer.email, DEMO_PASSWORD);
      await eventually(async () => assert.ok(await storedItem(page, 'authToken'), 'signed in'));

      // ---- the Pix amount, typed key by key
      const bodies = await catchPixRequests(page);
      await page.goto('/adicionar-dinheiro/pix');
      await expectVisible(byRole(page, 'heading', 'Adicionar por Pix'));
      await typeMasked(page, AMOUNT, '1.234,56');
      assert.equal(await field(page, AMOUNT).inputValue(), '1.234,56', 'the field shows what was typed');
      await shot(page, 'amounts-pix-typed-390x844');
      assert.equal(await sentAmount(page, bodies), '1234.56', '"1.234,56" is R$ 1.234,56');
      assert.equal(await field(page, AMOUNT).inputValue(), '1.234,56');

      // ---- typed without thousands dots, and with a decimal point
      await typeMasked(page, AMOUNT, '1234.5');
      await field(page, AMOUNT).blur();
      assert.equal(await field(page, AMOUNT).inputValue(), '1.234,50', 'formatted on blur');

      // ---- pasted: a clipboard paste event, then text inserted at once (an autofill, a keyboard paste)
      await pasteInto(page, AMOUNT, 'R$ 1.500,00');
      await eventually(async () => assert.equal(await field(page, AMOUNT).inputValue(), '1.500,00'));
      await shot(page, 'amounts-pix-pasted-390x844');
      assert.equal(await sentAmount(page, bodies), '1500.00', 'a pasted "R$ 1.500,00" is R$ 1.500,00');
      await typeMasked(page, AMOUNT, '');
      await page.keyboard.insertText('R$ 2.000,10');
      assert.equal(await field(page, AMOUNT).inputValue(), '2.000,10');
      assert.equal(await sentAmount(page, bodies), '2000.10');

      // ---- the grams of an order: "1.000" is one thousand grams
      await page.goto('/ordens');
      await openOrdersTab(page, 'Quero comprar');
      const form = orderForm(page, 'buy');
      await expectVisible(form, 'the buy form');
      await typeMasked(form, 'Preço por grama', '9,00');
      await typeMasked(form, 'Quantidade', '1.000');
      assert.equal(await field(form, 'Quantidade').inputValue(), '1.000');
      await expectSummary(form, ['Valor (1.000,00 g × R$ 9,00)', 'R$ 9.000,00']);
      await field(form, 'Quantidade').blur();
      assert.equal(await field(form, 'Quantidade').inputValue(), '1.000,00');
      await expectSummary(form, ['Valor (1.000,00 g × R$ 9,00)']);
      await shot(page, 'amounts-ordens-390x844');
    });
  });
});
