/**
 * Journey: the small things that cost trust, on a phone and a desktop with the demo data.
 *
 * Auro's button never covers a money figure or a field (with its unit): the demo customer's /ordens scrolled from top
 * to bottom on a phone, at 320 px and on a desktop, the button checked against every figure and field at each step,
 * and against the footer's lines at the end.
 *
 * The links out of the app are settings (the runner sets the jewelry and refining sites, not the app stores): a
 * visitor's header links to the configured sites, and the footer has no app-store links. The footer's "Contato" takes a
 * visitor to the public /fale-conosco (phones, e-mails, hours, the visitor ticket) and a customer to /contato.
 *
 * The smaller ones: a new customer whose registration waits for approval reads "Cadastro em análise" on their home;
 * the demo customer's home is theirs (no marketing hero, the balances once, on a phone and on a desktop); their only
 * saved address is chosen already on /retirar-prata; a spreadsheet chosen as a ticket's attachment is refused and
 * named at once, and Auro's button covers neither the form's fields nor what a file may be; the demo company is named by its name as a transfer's receiver and in the history, where each
 * transfer's receipt downloads.
 */
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiLogin, createAccount } from '../lib/api';
import {
  DESKTOP,
  launchBrowser,
  PHONE,
  SCREENSHOT_DIR,
  SCREENSHOTS,
  shot,
  shotBoth,
  type Viewport,
  withPage,
} from '../lib/browser';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from '../lib/env';
import { completeIndividualRegistration, randomCpf } from '../lib/meus-dados';
import { byRole, click, expectText, expectVisible, fill, snackbar } from '../lib/ui';
import { eventually } from '../lib/wait';

const size = (v: Viewport) => `${v.width}x${v.height}`;
const NARROW: Viewport = { width: 320, height: 640 };

/** What the window shows (the chat button is fixed to it): e2e/screenshots/trust-<name>.png. */
async function view(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `trust-${name}.png`), animations: 'disabled' });
}

/**
 * Waits until the chat button has its place: the frame on which it checks the page after a scroll, React's render, and
 * its move (a 150 ms transition) to the end. No fixed pause: the button's own animations are awaited.
 */
function chatButtonSettled(page: Page): Promise<void> {
  // no named functions inside: the page runs the source as it is, without the runner's helpers
  return page.evaluate(async () => {
    for (let i = 0; i < 2; i++) await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const fab = document.querySelector<HTMLElement>('button[aria-label="Abrir o chat com o Auro"]');
    await Promise.all((fab?.getAnimations() ?? []).map((a) => a.finished.catch(() => undefined)));
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  });
}

/**
 * The money figures and fields (with their units, such as the "g" of Quantidade) the chat button overlaps now ([] when
 * none, or when it stepped aside); at the page's end, the footer's text too, by the boxes of its lines (a paragraph's
 * box spans the width where its short line does not).
 */
function figuresUnderChatButton(page: Page, atEnd: boolean): Promise<string[]> {
  // no named functions inside: the page runs the source as it is, without the runner's helpers
  return page.evaluate((end) => {
    const fab = document.querySelector<HTMLElement>('button[aria-label="Abrir o chat com o Auro"]');
    if (!fab || fab.getAttribute('aria-hidden') === 'true') return [];
    const a = fab.getBoundingClientRect();
    const boxes: Array<{ box: DOMRect; text: string }> = [];
    for (const figure of document.querySelectorAll('[data-keep-clear], .MuiInputBase-root'))
      boxes.push({ box: figure.getBoundingClientRect(), text: figure.textContent ?? '' });
    const footer = document.querySelector('footer');
    if (end && footer) {
      const walker = document.createTreeWalker(footer, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const box of range.getClientRects()) boxes.push({ box, text: node.textContent ?? '' });
      }
    }
    return boxes
      .filter(
        ({ box: b }) =>
          b.width > 0 && b.height > 0 && b.left < a.right && b.right > a.left && b.top < a.bottom && b.bottom > a.top,
      )
      .map(({ text }) => text);
  }, atEnd);
}

/**
 * Scrolls the page from top to bottom in steps; at each step the button covers no figure and no field, and at the end
 * no line of the footer (the footer keeps room for it). Answers the steps.
 */
async function scrollCheckingChatButton(page: Page): Promise<number> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  let steps = 0;
  for (let y = 0; ; y = Math.min(height, y + 150)) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await chatButtonSettled(page);
    const under = await figuresUnderChatButton(page, y >= height);
    assert.deepEqual(under, [], `the chat button covers a figure, a field or the footer at scroll ${y}`);
    steps++;
    if (y >= height) return steps;
  }
}

describe('Detalhes que custam confiança', () => {
  let browser: Browser;
  let customer: string;
  before(async () => {
    browser = await launchBrowser();
    customer = await apiLogin(DEMO.customer.email, DEMO_PASSWORD);
  });
  after(async () => {
    await browser?.close();
  });

  it('os links externos seguem a configuração: os definidos aparecem, os outros não', async () => {
    await withPage(browser, { viewport: DESKTOP, name: 'trust-links' }, async (page) => {
      await page.goto('/login');
      const header = page.getByRole('banner');
      await expectVisible(byRole(header, 'link', 'Joias'));
      assert.equal(await byRole(header, 'link', 'Joias').getAttribute('href'), 'https://joias.exemplo.com.br');
      assert.equal(
        await byRole(header, 'link', 'Refino e análise').getAttribute('href'),
        'https://refino.exemplo.com.br',
      );
      const footer = page.getByRole('contentinfo');
      await expectVisible(byRole(footer, 'link', 'Termos de uso'));
      for (const text of ['Baixe o aplicativo', 'App Store', 'Google Play'])
        assert.equal(await footer.getByText(text).count(), 0, `${text} is not shown: no address set`);
      await shot(page, 'trust-links-1366x900');
    });
  });

  it('o rodapé leva o visitante ao contato da Prata, e o cliente ao seu /contato', async () => {
    await withPage(browser, { viewport: PHONE, name: 'trust-contact' }, async (page) => {
      await page.goto('/comprar-prata');
      await click(page.getByRole('contentinfo'), 'link', 'Contato');
      await eventually(async () => assert.equal(new URL(page.url()).pathname, '/fale-conosco'));
      const info = byRole(page, 'region', 'Fale com a Prata');
      await expectVisible(byRole(info, 'link', /^\(11\) 4000-1234/));
      await expectVisible(byRole(info, 'link', 'atendimento@prata.dev'));
      await expectVisible(byRole(info, 'group', 'Horário de atendimento'));
      await shotBoth(page, 'trust-fale-conosco');
      await click(page, 'link', 'Abrir ticket sem conta');
      await eventually(async () => assert.equal(new URL(page.url()).pathname, '/contato/ticket/visitante'));
    });
    await withPage(browser, { viewport: DESKTOP, token: customer, name: 'trust-contact-customer' }, async (page) => {
      await page.goto('/meus-dados');
      await click(page.getByRole('contentinfo'), 'link', 'Contato');
      await eventually(async () => assert.equal(new URL(page.url()).pathname, '/contato'));
      await expectVisible(byRole(page, 'heading', 'Meus tickets'));
    });
  });

  // 320 px: the width of a 1280 px desktop at 400 % (WCAG 1.4.10), where the Quantidade field's "g" reaches the corner
  for (const viewport of [PHONE, NARROW, DESKTOP]) {
    it(`o botão do Auro nunca cobre valores em /ordens (${size(viewport)})`, async () => {
      await withPage(browser, { viewport, token: customer, name: `trust-chat-${size(viewport)}` }, async (page) => {
        await page.goto('/ordens');
        await expectVisible(page.getByRole('region', { name: 'Preço da prata' }));
        // by its label, not its role: where it may cover a figure it stays in the page but steps aside (aria-hidden)
        const fab = page.locator('button[aria-label="Abrir o chat com o Auro"]');
        await eventually(async () => assert.equal(await fab.count(), 1, 'the chat button came'));
        await chatButtonSettled(page);
        await view(page, `ordens-botao-${size(viewport)}`);
        const steps = await scrollCheckingChatButton(page);
        assert.ok(steps >= 2, 'the page was scrolled');
        await view(page, `ordens-botao-fim-${size(viewport)}`);
      });
    });
  }

  it('o botão do Auro nunca cobre valores no carrinho do checkout (390x844)', async () => {
    await withPage(browser, { viewport: PHONE, token: customer, name: 'trust-chat-checkout' }, async (page) => {
      await page.goto('/comprar-prata');
      // a product card's link (the customer's summary above the cards has its own 'Comprar prata', to /ordens)
      await page
        .getByRole('link', { name: /^Comprar Barra/ })
        .first()
        .click();
      await eventually(async () => assert.match(new URL(page.url()).pathname, /^\/comprar-prata\/\d+\/checkout$/));
      await expectVisible(page.getByText('Subtotal', { exact: false }).first());
      const fab = page.locator('button[aria-label="Abrir o chat com o Auro"]');
      await eventually(async () => assert.equal(await fab.count(), 1, 'the chat button came'));
      await chatButtonSettled(page);
      const steps = await scrollCheckingChatButton(page);
      assert.ok(steps >= 1, 'the page was checked');
      await view(page, 'checkout-botao-390x844');
    });
  });

  it("a casa de quem espera a aprovação diz 'Cadastro em análise'", async () => {
    const person = { name: 'Renata Lopes Prado', cpf: randomCpf(), nascimento: '1988-04-12', celular: '11987650000' };
    const account = await createAccount({ name: person.name, email: uniqueEmail('pendente') });
    const token = await apiLogin(account.email, account.password);
    await completeIndividualRegistration(token, person);
    await withPage(browser, { viewport: PHONE, token, name: 'trust-pending-home' }, async (page) => {
      await page.goto('/comprar-prata');
      const summary = byRole(page, 'region', 'Olá, Renata');
      await expectVisible(summary);
      await expectText(summary, 'Cadastro em análise');
      await expectText(summary, /Seu cadastro está em análise\./);
      assert.equal(await page.getByText('Prata física, entregue na sua casa').count(), 0, 'no marketing hero');
      await shotBoth(page, 'trust-casa-pendente');
    });
  });

  it('a casa do cliente é dele: sem banner de marketing e os saldos uma vez só', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      await withPage(browser, { viewport, token: customer, name: `trust-home-${size(viewport)}` }, async (page) => {
        await page.goto('/comprar-prata');
        await expectVisible(byRole(page, 'heading', 'Olá, Maria'));
        await expectVisible(byRole(page, 'heading', 'Barras de prata'));
        assert.equal(await page.getByText('Prata física, entregue na sua casa').count(), 0, 'no marketing hero');
        assert.equal(await byRole(page, 'heading', 'Como funciona').count(), 0, "no 'Como funciona'");
        await expectText(page.getByRole('main'), 'Valor da sua prata hoje');
        // the balance in reais, shown where a person sees it: once (the drawer on a desktop, the summary on a phone)
        const shown = await page.getByText('Saldo em reais', { exact: true }).filter({ visible: true }).count();
        assert.equal(shown, 1, `'Saldo em reais' once on ${size(viewport)}`);
        await view(page, `casa-cliente-${size(viewport)}`);
      });
    }
  });

  it('o único endereço salvo já vem escolhido em /retirar-prata', async () => {
    await withPage(browser, { viewport: PHONE, token: customer, name: 'trust-retirar' }, async (page) => {
      await page.goto('/retirar-prata');
      const product = byRole(page, 'region', 'Produto e quantidade');
      const first = product.getByRole('radio', { disabled: false }).first();
      await expectVisible(first);
      await first.check();
      await click(product, 'button', 'Continuar');
      const address = byRole(page, 'region', 'Endereço de entrega');
      const radios = address.getByRole('radio');
      await eventually(async () => assert.equal(await radios.count(), 1, 'one saved address'));
      assert.equal(await radios.first().isChecked(), true, 'the only address is chosen already');
      await shotBoth(page, 'trust-retirar-endereco');
    });
  });

  it('um anexo recusado é nomeado assim que escolhido', async () => {
    await withPage(browser, { viewport: PHONE, token: customer, name: 'trust-anexo' }, async (page) => {
      await page.goto('/contato/ticket/create');
      await expectVisible(byRole(page, 'form', 'Abrir ticket'));
      await page.getByLabel('Anexos do ticket').setInputFiles({
        name: 'planilha.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('data;valor\n2026-11-01;10\n'),
      });
      await expectVisible(
        snackbar(page, '"planilha.csv" não foi anexado. Envie um arquivo PDF ou uma imagem (PNG, JPG, GIF ou WEBP).'),
      );
      assert.equal(await page.getByText('planilha.csv', { exact: true }).count(), 0, 'not in the list of files');
      await view(page, 'anexo-recusado-390x844');
      // what a file may be is read before choosing one: Auro's button covers neither it nor a field
      await chatButtonSettled(page);
      assert.ok((await scrollCheckingChatButton(page)) >= 1, 'the form was checked');
    });
  });

  it('a empresa aparece pelo nome dela, e o comprovante baixa do histórico', async () => {
    await withPage(browser, { viewport: DESKTOP, token: customer, name: 'trust-transfer' }, async (page) => {
      await page.goto('/transferir-prata');
      const check = byRole(page, 'form', 'Verificação do recebedor');
      await fill(check, 'E-mail do recebedor', DEMO.company.email);
      await click(check, 'button', 'Verificar e-mail');
      const receiver = byRole(page, 'group', 'Recebedor');
      await expectText(receiver, /Aurora Joias/);
      assert.equal(await receiver.getByText(/Carlos/).count(), 0, "not the holder's first name");
      await shotBoth(page, 'trust-recebedor-empresa');

      await page.goto('/meu-historico/prata-transferida');
      const table = byRole(page, 'table', 'Transferências de prata');
      await expectVisible(table);
      await expectText(table, /Aurora Joias/);
      const receipt = table.getByRole('button', { name: /^Baixar o comprovante da transferência nº \d+$/ }).first();
      const [download] = await Promise.all([page.waitForEvent('download'), receipt.click()]);
      assert.match(download.suggestedFilename(), /^comprovante-transferencia-\d+\.pdf$/);
      await shotBoth(page, 'trust-historico-transferencias');
    });
  });
});
