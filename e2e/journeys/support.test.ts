/**
 * Journey: support (spec 3 "Perguntas frequentes", "Entrar em contato", "Abrir ticket", "Ticket details", "Visitor
 * ticket"; docs/support.md).
 *
 * A visitor who cannot sign in opens a ticket at /contato/ticket/visitante on a phone: the e-mail, the code from the
 * dev mailbox, the form, then /login. An operator finds it in /admin/atendimento and answers (the customer is
 * e-mailed). The customer signs in, sees the answer at /contato, replies with a message and an image. The operator
 * closes the ticket; the customer opens it again, the rating dialog pops up by itself, and they rate it. Along the
 * way the FAQs and the contact information are shown.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { apiCall, apiLogin, createAccount, type NewAccount } from '../lib/api';
import { DESKTOP, launchBrowser, PHONE, shotBoth, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from '../lib/env';
import { lastMessageId, latestCode, outbox } from '../lib/outbox';
import {
  byRole,
  choose,
  click,
  dataTable,
  expectHidden,
  expectPath,
  expectText,
  expectVisible,
  fill,
  snackbar,
} from '../lib/ui';
import { eventually } from '../lib/wait';

/** A tiny valid PNG (1×1, transparent): the server checks uploads by their bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

function stepper(label: string) {
  const started = Date.now();
  return (step: string) => console.log(`  [${label} ${((Date.now() - started) / 1000).toFixed(1)} s] ${step}`);
}

describe('Atendimento: ticket de visitante, resposta, anexo, fechamento e avaliação', () => {
  let browser: Browser;
  let operatorToken: string;
  let customer: NewAccount;
  const subject = `Não consigo entrar ${Date.now().toString(36)}`;
  let ticketId = 0;

  before(async () => {
    browser = await launchBrowser();
    operatorToken = await apiLogin(DEMO.operator.email, DEMO_PASSWORD);
    customer = await createAccount({ name: 'Paula Visitante Reis', email: uniqueEmail('suporte') });
  });
  after(async () => browser?.close());

  it('um visitante abre um ticket confirmando o e-mail com o código, e vai para o login', {
    timeout: 180_000,
  }, async () => {
    const step = stepper('visitante');
    await withPage(browser, { viewport: PHONE, name: 'suporte-visitante' }, async (page) => {
      await page.goto('/contato/ticket/visitante');
      await expectVisible(byRole(page, 'heading', 'Fale com a gente'));
      await click(page, 'button', 'Enviar código');
      await expectText(page, 'Informe seu e-mail');
      await fill(page, 'E-mail', 'visitante@');
      await click(page, 'button', 'Enviar código');
      await expectText(page, 'Informe um e-mail válido');
      await shotBoth(page, 'suporte-1-visitante-email');
      const afterId = await lastMessageId(customer.email);
      await fill(page, 'E-mail', customer.email);
      await click(page, 'button', 'Enviar código');
      step('code sent');
      await expectVisible(byRole(page, 'button', 'Confirmar código'));
      await click(page, 'button', 'Confirmar código');
      await expectText(page, 'Informe o código');
      await shotBoth(page, 'suporte-2-visitante-codigo');
      const code = await latestCode(customer.email, { after: afterId });
      await fill(page, 'Código', code);
      await expectText(page, `E-mail confirmado: ${customer.email}`);
      step('code verified');

      // the form: the spec's messages first, then a real ticket
      await click(page, 'button', 'Enviar ticket');
      await expectText(page, 'Selecione um item da lista');
      await expectText(page, 'Informe o assunto');
      await expectText(page, 'Descreva sua mensagem');
      await choose(page, 'Categoria', 'Conta e cadastro');
      await choose(page, 'Subcategoria', 'Acesso e senha');
      await fill(page, 'Assunto', subject);
      await fill(page, 'Descrição', 'Troquei de celular e não recebo o código de acesso. Podem ajudar?');
      await shotBoth(page, 'suporte-3-visitante-formulario');
      await click(page, 'button', 'Enviar ticket');
      await expectPath(page, '/login');
      await expectVisible(snackbar(page, /Ticket aberto/));
      step('ticket sent, on /login');
    });
  });

  it('o operador responde pelo back office e o cliente recebe o e-mail', { timeout: 180_000 }, async () => {
    const step = stepper('operador');
    await withPage(browser, { viewport: DESKTOP, token: operatorToken, name: 'suporte-operador' }, async (page) => {
      await page.goto('/admin/atendimento');
      await expectVisible(byRole(page, 'heading', 'Atendimento'));
      const link = byRole(page, 'link', subject);
      await expectVisible(link);
      await shotBoth(page, 'suporte-4-admin-fila');
      await link.click();
      await expectVisible(byRole(page, 'heading', subject));
      ticketId = Number(/tickets\/(\d+)/.exec(page.url())?.[1]);
      assert.ok(ticketId > 0, 'the ticket page has the id');
      const before = await lastMessageId(customer.email);
      await fill(
        page,
        'Resposta ao cliente',
        'Olá, Paula! Entre com o e-mail e peça o código por e-mail; depois atualize o celular em Meus dados.',
      );
      await click(page, 'button', 'Responder');
      await expectVisible(snackbar(page, /Resposta enviada/));
      await expectText(page, 'Atendimento Prata (equipe)');
      await shotBoth(page, 'suporte-5-admin-ticket');
      const mail = await eventually(async () => {
        const [m] = await outbox(customer.email);
        assert.ok(m && m.id > before && m.subject === `Resposta ao ticket nº ${ticketId}`, 'the answer e-mail');
        return m;
      });
      assert.match(mail.text, /Entre com o e-mail e peça o código/);
      step('answered and e-mailed');

      // the other tabs: the FAQs (and the dialog that edits one), the contact information, the categories
      await page.goto('/admin/atendimento?aba=faqs');
      await expectVisible(page.getByRole('list', { name: 'Perguntas frequentes' }).getByText(/O que é a custódia/));
      await shotBoth(page, 'suporte-admin-faqs');
      await click(page, 'button', 'Editar Quais são as taxas e como funciona o IOF?');
      await expectVisible(page.getByRole('dialog', { name: 'Editar pergunta' }));
      await shotBoth(page, 'suporte-admin-faq-editar');
      await click(page, 'button', 'Cancelar');
      await page.goto('/admin/atendimento?aba=contato');
      await expectVisible(page.getByLabel('E-mails: Linha 1'));
      assert.equal(await page.getByLabel('E-mails: Linha 1').inputValue(), 'atendimento@prata.dev');
      await shotBoth(page, 'suporte-admin-contato');
      await page.goto('/admin/atendimento?aba=categorias');
      await expectVisible(page.getByRole('region', { name: 'Conta e cadastro' }));
      await shotBoth(page, 'suporte-admin-categorias');
    });
  });

  it('o cliente vê a resposta em /contato e responde com uma mensagem e um anexo', { timeout: 180_000 }, async () => {
    const token = await apiLogin(customer.email, customer.password);
    await withPage(browser, { viewport: PHONE, token, name: 'suporte-cliente' }, async (page) => {
      await page.goto('/faqs');
      await expectVisible(byRole(page, 'heading', 'Perguntas frequentes'));
      await click(page, 'button', 'Quais são as taxas e como funciona o IOF?');
      await expectText(page, /IOF de 0,38%/);
      await shotBoth(page, 'suporte-6-faqs');

      await page.goto('/contato');
      const table = dataTable(page, 'Meus tickets');
      await expectVisible(table.getByRole('link', { name: subject }));
      await expectVisible(table.getByText('Respondido'));
      await expectText(page, 'atendimento@prata.dev');
      await shotBoth(page, 'suporte-7-contato');
      await table.getByRole('link', { name: subject }).click();
      await expectPath(page, `/contato/ticket/${ticketId}/details`);
      await expectText(page, /Entre com o e-mail e peça o código/);
      const send = byRole(page, 'button', 'Enviar mensagem');
      assert.equal(await send.isDisabled(), true, 'the new-message button waits for text');
      await fill(page, 'Nova mensagem', 'Consegui entrar, obrigada! Segue o print da tela.');
      await send.click();
      await expectVisible(snackbar(page, 'Mensagem enviada.'));
      await page.getByLabel('Novo anexo').setInputFiles({ name: 'print.png', mimeType: 'image/png', buffer: PNG });
      await expectVisible(snackbar(page, 'Anexo enviado.'));
      await expectVisible(page.getByRole('list', { name: 'Anexos do ticket' }).getByText('print.png'));
      await shotBoth(page, 'suporte-8-ticket-aberto');

      // a second question through the form: the new ticket's page replaces the form, so Back goes to /contato (it
      // used to show the form again, empty, ready to open the same ticket twice)
      await page.goto('/contato');
      await page.getByRole('link', { name: 'Abrir ticket' }).click();
      await expectVisible(byRole(page, 'heading', 'Abrir ticket'));
      await choose(page, 'Categoria', 'Conta e cadastro');
      await choose(page, 'Subcategoria', 'Acesso e senha');
      await fill(page, 'Assunto', `Outra dúvida ${subject}`);
      await fill(page, 'Descrição', 'Posso cadastrar uma chave de acesso no celular novo?');
      await click(page, 'button', 'Enviar ticket');
      await expectVisible(snackbar(page, /Ticket aberto/));
      await eventually(() => assert.match(new URL(page.url()).pathname, /^\/contato\/ticket\/\d+\/details$/));
      await expectVisible(byRole(page, 'heading', `Outra dúvida ${subject}`));
      await shotBoth(page, 'suporte-8b-ticket-novo');
      await page.goBack();
      await expectPath(page, '/contato');
      await expectVisible(dataTable(page, 'Meus tickets').getByRole('link', { name: `Outra dúvida ${subject}` }));
    });
    const { ticket } = await apiCall<{
      ticket: { interactions: unknown[]; attachments: Array<{ original_name: string }> };
    }>('GET', `/admin/tickets/${ticketId}`, undefined, operatorToken);
    assert.equal(ticket.interactions.length, 2);
    assert.deepEqual(
      ticket.attachments.map((a) => a.original_name),
      ['print.png'],
    );
  });

  it('o operador fecha o ticket e o cliente avalia o atendimento', { timeout: 180_000 }, async () => {
    await withPage(browser, { viewport: DESKTOP, token: operatorToken, name: 'suporte-fechar' }, async (page) => {
      await page.goto(`/admin/atendimento/tickets/${ticketId}`);
      await expectText(page, /Segue o print da tela/);
      await click(page, 'button', 'Fechar ticket');
      const dialog = page.getByRole('dialog', { name: 'Fechar ticket' });
      await fill(dialog, 'Mensagem final (opcional)', 'Que bom que deu certo! Estamos à disposição.');
      await click(dialog, 'button', 'Fechar ticket');
      await expectVisible(snackbar(page, /Ticket fechado/));
      await expectText(page, /O cliente ainda não avaliou/);
      await shotBoth(page, 'suporte-9-admin-fechado');
    });
    const token = await eventually(() => apiLogin(customer.email, customer.password), { timeoutMs: 20_000 });
    await withPage(browser, { viewport: PHONE, token, name: 'suporte-avaliar' }, async (page) => {
      await page.goto(`/contato/ticket/${ticketId}/details`);
      const dialog = page.getByRole('dialog', { name: 'Avaliar atendimento' });
      await expectVisible(dialog);
      await expectHidden(page.getByLabel('Nova mensagem'));
      // Esc: the dialog that opened by itself leaves the focus on 'Avaliar', which opens it again
      await page.keyboard.press('Escape');
      await expectHidden(dialog);
      const rate = byRole(page, 'button', 'Avaliar');
      await eventually(async () => assert.equal(await rate.evaluate((b) => b === document.activeElement), true));
      await shotBoth(page, 'suporte-10a-avaliar-depois');
      await page.keyboard.press('Enter');
      await expectVisible(dialog);
      const submit = byRole(dialog, 'button', 'Enviar avaliação');
      assert.equal(await submit.isDisabled(), true, 'rating submit waits for stars');
      // the star itself (the radio behind it is visually hidden)
      await dialog.locator('label', { hasText: '4 estrelas' }).click();
      assert.equal(await submit.isDisabled(), false, 'a star enables submit');
      await fill(dialog, 'Comentário (opcional)', 'Resposta rápida e clara.');
      await shotBoth(page, 'suporte-10-avaliacao');
      await submit.click();
      await expectVisible(snackbar(page, 'Obrigado pela sua avaliação!'));
      await expectHidden(dialog);
      await expectText(page, 'Sua avaliação:');
      await expectHidden(byRole(page, 'button', 'Anexar arquivo'));
      await shotBoth(page, 'suporte-11-ticket-fechado');
    });
    const { ticket } = await apiCall<{ ticket: { status: string; rating: { stars: number } | null } }>(
      'GET',
      `/admin/tickets/${ticketId}`,
      undefined,
      operatorToken,
    );
    assert.equal(ticket.status, 'closed');
    assert.equal(ticket.rating?.stars, 4);
  });
});
