/**
 * Auro, the chat assistant (spec 3 Shell, §4 Chat, §5, §9): the floating help button on public and signed-in pages,
 * loaded after the page (never in the first load); a visitor gives name and e-mail, is greeted 2 s later, gets an
 * answer from the FAQs with its source, the ticket offer for a question nothing answers, and opens a ticket from the
 * chat (after confirming) through the visitor ticket page; a signed-in customer is greeted by name and ends the chat.
 */
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiLogin } from '../lib/api';
import { DESKTOP, launchBrowser, PHONE, SCREENSHOT_DIR, SCREENSHOTS, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from '../lib/env';
import { lastMessageId, latestCode } from '../lib/outbox';
import { eventually } from '../lib/wait';
import {
  byRole,
  choose,
  click,
  expectFieldError,
  expectHidden,
  expectPath,
  expectText,
  expectVisible,
  fill,
  snackbar,
} from '../lib/ui';

const NO_ANSWER =
  'Não encontrei uma resposta segura para isso nas perguntas frequentes nem nos artigos de ajuda. Quer abrir um ticket? Nossa equipe de suporte responde por e-mail.';
const greeting = (name: string) =>
  `Olá, ${name}! Eu sou o Auro, o assistente virtual da Prata. Pergunte sobre compras, depósitos, saques, retiradas, transferências ou impostos que eu procuro a resposta para você.`;

/** What the window shows (the chat is fixed to it): e2e/screenshots/chat-<name>.png. */
async function view(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `chat-${name}.png`), animations: 'disabled' });
}

async function ask(panel: Locator, question: string) {
  await fill(panel, 'Sua mensagem', question);
  await panel.getByRole('textbox', { name: 'Sua mensagem' }).press('Enter');
  await expectVisible(panel.getByRole('log').getByText(question, { exact: true }));
}

describe('Auro, o assistente virtual', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('um visitante conversa com o Auro e abre um ticket pelo chat', async () => {
    const email = uniqueEmail('auro');
    await withPage(browser, { viewport: PHONE, name: 'chat-visitante' }, async (page) => {
      const chunks: string[] = [];
      page.on('request', (r) => chunks.push(new URL(r.url()).pathname));
      await page.goto('/comprar-prata');
      const fab = byRole(page, 'button', 'Abrir o chat com o Auro');
      await expectVisible(fab);
      // the button arrives after the page; the panel only with the click
      assert.ok(!chunks.some((p) => /chat-panel/.test(p)), 'the panel is not loaded before the click');
      const box = await fab.boundingBox();
      assert.ok(box && box.width <= 56 && box.x + box.width >= PHONE.width - 24, 'a small button in the corner');
      await view(page, 'botao-390x844');

      // it never sits over a page's button: with 'Comprar' passing under its corner, it climbs above it
      const buy = page.getByRole('link', { name: /^Comprar / }).first();
      await buy.evaluate((el) => {
        const r = el.getBoundingClientRect();
        window.scrollBy(0, r.bottom - window.innerHeight + 14);
      });
      await eventually(async () => {
        const [a, b] = [await fab.boundingBox(), await buy.boundingBox()];
        assert.ok(a && b && (a.y + a.height <= b.y || a.y >= b.y + b.height), 'the button and Comprar do not overlap');
      });
      await view(page, 'botao-acima-390x844');
      await page.evaluate(() => window.scrollTo(0, 0));

      await fab.click();
      const panel = byRole(page, 'dialog', 'Chat com o Auro');
      await expectVisible(panel);
      assert.ok(
        chunks.some((p) => /chat-panel/.test(p)),
        'the panel came with the click',
      );
      await click(panel, 'button', 'Começar conversa');
      await expectFieldError(panel, 'Nome', 'Campo obrigatório');
      await expectFieldError(panel, 'E-mail', 'Campo obrigatório');
      await fill(panel, 'Nome', 'Joana Visitante');
      await fill(panel, 'E-mail', 'joana@');
      await click(panel, 'button', 'Começar conversa');
      await expectFieldError(panel, 'E-mail', 'Informe um e-mail válido');
      await view(page, 'visitante-390x844');

      await fill(panel, 'E-mail', email);
      const started = Date.now();
      await click(panel, 'button', 'Começar conversa');
      await expectVisible(panel.getByRole('status', { name: 'Auro está digitando' }));
      await expectText(panel, greeting('Joana'));
      assert.ok(Date.now() - started >= 1900, `the greeting came ${Date.now() - started} ms after the data`);

      // empty messages are ignored
      await panel.getByRole('textbox', { name: 'Sua mensagem' }).press('Enter');
      await click(panel, 'button', 'Enviar mensagem');
      await expectHidden(panel.getByRole('status', { name: 'Auro está digitando' }));
      assert.equal(await panel.getByRole('log').locator('> div').count(), 1, 'only the greeting');

      // a question of the demo FAQs, in other words, answered with the FAQ's text and source
      const asked = Date.now();
      await ask(panel, 'como faço para depositar dinheiro?');
      await expectText(panel, 'Fonte: Perguntas frequentes - Como deposito dinheiro na minha conta?');
      assert.ok(Date.now() - asked >= 1900, 'the typing indicator lasted at least 2 s');
      await expectVisible(panel.getByText(/geramos um QR Code/));
      const height = await panel.getByRole('log').evaluate((el) => getComputedStyle(el).maxHeight);
      assert.equal(height, '480px');
      await view(page, 'resposta-390x844');

      // nothing answers this: the ticket offer, confirmed before leaving
      await ask(panel, 'Vocês vendem passagens para Marte?');
      await expectText(panel, NO_ANSWER);
      await view(page, 'sem-resposta-390x844');
      await click(panel.getByRole('log'), 'button', 'Abrir ticket');
      const confirm = byRole(page, 'dialog', 'Abrir ticket');
      await expectVisible(confirm);
      await view(page, 'confirmar-ticket-390x844');
      await click(confirm, 'button', 'Cancelar');
      await expectHidden(confirm);
      await expectPath(page, '/comprar-prata');
      // this time from the button under the composer, always there
      await click(panel.locator('form'), 'button', 'Abrir ticket');
      await click(byRole(page, 'dialog', 'Abrir ticket'), 'button', 'Abrir ticket');
      await expectPath(page, '/contato/ticket/visitante');
      const query = new URL(page.url()).searchParams;
      assert.deepEqual([query.get('assunto'), query.get('email')], ['Vocês vendem passagens para Marte?', email]);
      await expectHidden(panel);

      // the visitor ticket: e-mail, code, the form
      const before = await lastMessageId(email);
      await fill(page, 'E-mail', email);
      await click(page, 'button', 'Enviar código');
      await fill(page, 'Código', await latestCode(email, { after: before }));
      await expectVisible(page.getByText(`E-mail confirmado: ${email}`));
      await choose(page, 'Categoria', 'Outros assuntos');
      await choose(page, 'Subcategoria', 'Outros');
      await fill(page, 'Assunto', 'Passagens para Marte');
      await fill(page, 'Descrição', 'O Auro não soube responder: vocês vendem passagens para Marte?');
      await click(page, 'button', 'Enviar ticket');
      await expectVisible(snackbar(page, /Ticket aberto/));
      await expectPath(page, '/login');

      // the conversation is still there when the chat opens again
      await click(page, 'button', 'Abrir o chat com o Auro');
      await expectVisible(byRole(page, 'dialog', 'Chat com o Auro').getByText('Vocês vendem passagens para Marte?'));
    });
  });

  it('uma cliente conectada conversa sem informar nome e e-mail e encerra a conversa', async () => {
    const token = await apiLogin(DEMO.customer.email, DEMO_PASSWORD);
    await withPage(browser, { viewport: DESKTOP, name: 'chat-cliente', token }, async (page) => {
      await page.goto('/meu-historico');
      await expectPath(page, '/meu-historico');
      await click(page, 'button', 'Abrir o chat com o Auro');
      const panel = byRole(page, 'dialog', 'Chat com o Auro');
      await expectVisible(panel);
      await expectHidden(panel.getByRole('textbox', { name: 'Nome' }));
      await expectText(panel, greeting(DEMO.customer.name.split(' ')[0]!));
      await ask(panel, 'Quanto custa sacar dinheiro?');
      await expectText(panel, /^Fonte: (Perguntas frequentes|Artigos de ajuda) - /);
      await view(page, 'cliente-1366x900');

      await click(panel, 'button', 'Encerrar conversa');
      await expectHidden(panel);
      await click(page, 'button', 'Abrir o chat com o Auro');
      await expectVisible(panel);
      await expectHidden(panel.getByText('Quanto custa sacar dinheiro?'));
      await expectText(panel, greeting(DEMO.customer.name.split(' ')[0]!));
      await page.setViewportSize(PHONE);
      await view(page, 'cliente-390x844');
    });
  });
});
