/**
 * What a new customer and a new operator tripped over.
 *
 * - The demo operator signs in at /login and lands in the back office, not on the customer onboarding; the page
 *   uses the Inter typeface shipped with the app, keyboard focus draws a visible ring, and no page asks for the
 *   order book's average price (which does not exist yet).
 * - A new customer opens the verification link twice: the second time says the e-mail is already confirmed.
 * - The customer signs in by pasting the code ('123 456' style), which submits by itself; then, on
 *   /register/finish, pastes a formatted CEP: the CEP's state leads the city search, São Paulo comes before São
 *   Patrício, and a city of another state is refused before saving.
 * - On a phone the /meus-dados tabs show that they scroll; an address id that does not exist says so, with the way
 *   back; a company is not asked for a profession, and its new address starts as Comercial.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiCall, apiLogin, createAccount } from '../lib/api';
import { DESKTOP, launchBrowser, PHONE, shot, shotBoth, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from '../lib/env';
import { submitCredentials } from '../lib/flows';
import { randomCpf } from '../lib/meus-dados';
import { lastMessageId, latestCode, latestLink } from '../lib/outbox';
import { byRole, click, expectPath, expectText, expectVisible, field, normalizeSpace, storedItem } from '../lib/ui';
import { eventually } from '../lib/wait';

/** Puts `text` on the clipboard and pastes it into the field with the keyboard, as a person would. */
async function pasteInto(page: Page, label: string, text: string): Promise<void> {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  const input = field(page, label);
  await input.click();
  await input.press('ControlOrMeta+A');
  await input.press('ControlOrMeta+V');
}

/** Every /api answer that was a 404, and every call for the order book's average price (with its status). */
function watchApi(page: Page) {
  const notFound: string[] = [];
  const averagePrice: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.includes('average-price')) averagePrice.push(`${response.status()} ${url.pathname}`);
    if (url.pathname.startsWith('/api/') && response.status() === 404) notFound.push(url.pathname);
  });
  return { notFound, averagePrice };
}

describe('Primeiros passos: o que atrapalhava clientes e operadores novos', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('o operador entra em /login e chega ao back office', { timeout: 90_000 }, async () => {
    await withPage(browser, { viewport: DESKTOP, name: 'first-steps-operator' }, async (page) => {
      const api = watchApi(page);
      await page.goto('/login');
      await expectVisible(byRole(page, 'heading', 'Entrar'));

      // the typeface is the app's own Inter, loaded (not a fallback)
      const font = await page.evaluate(async () => {
        await document.fonts.ready;
        return {
          family: getComputedStyle(document.body).fontFamily,
          loaded: [...document.fonts].some(
            (f) => f.family.replace(/"/g, '') === 'Inter Variable' && f.status === 'loaded',
          ),
        };
      });
      assert.match(font.family, /^"?Inter Variable"?,/, 'the body is set in Inter');
      assert.equal(font.loaded, true, 'the Inter font file was loaded');

      // keyboard focus draws a visible ring on the submit button
      await field(page, 'Senha').focus();
      await page.keyboard.press('Tab'); // the next control after the password
      const ring = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        return { text: el.textContent, outline: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
      });
      assert.equal(ring.outline, 'solid', `the focused element (${ring.text}) shows an outline`);
      assert.ok(ring.width >= 2, `the outline is at least 2px wide (${ring.width})`);
      await shot(page, 'first-steps-foco-1366x900');

      const after = await lastMessageId(DEMO.operator.email);
      await submitCredentials(page, DEMO.operator.email, DEMO_PASSWORD);
      await expectVisible(byRole(page, 'heading', 'Verificação em duas etapas'));
      await page.getByRole('button', { name: /^E-mail/ }).click();
      const code = await latestCode(DEMO.operator.email, { after });
      await field(page, 'Código de verificação').fill(code);
      await expectPath(page, '/admin/clientes');
      await expectVisible(byRole(page, 'heading', 'Clientes'));
      assert.ok(await storedItem(page, 'authToken'), 'signed in');
      await shotBoth(page, 'first-steps-operador-admin');
      assert.deepEqual(api.averagePrice, [], 'the back office asks for no average price');
    });
  });

  it('o cliente novo: link de verificação duas vezes, código colado, CEP e cidade', { timeout: 150_000 }, async () => {
    const person = { name: 'Renata Albuquerque Lima', email: uniqueEmail('primeiros') };
    const account = await createAccount({ ...person, verify: false });
    const link = new URL(await latestLink(person.email, '/email/verify/'));

    await withPage(browser, { viewport: PHONE, name: 'first-steps-customer' }, async (page) => {
      const api = watchApi(page);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

      // ---- the verification link, twice
      await page.goto(link.pathname);
      await expectText(page, 'E-mail verificado com sucesso! Agora você já pode entrar.');
      await page.goto(link.pathname);
      await expectText(page, 'Seu e-mail já está verificado.');
      await expectVisible(byRole(page, 'link', 'Ir para o login'));
      await shotBoth(page, 'first-steps-link-ja-verificado');

      // ---- sign-in with a pasted code ('123 456'): it submits by itself
      await click(page, 'link', 'Ir para o login');
      await expectPath(page, '/login');
      const after = await lastMessageId(person.email);
      await submitCredentials(page, person.email, account.password);
      await page.getByRole('button', { name: /^E-mail/ }).click();
      await expectVisible(byRole(page, 'heading', 'Digite o código'));
      const code = await latestCode(person.email, { after });
      // letters typed are dropped
      await field(page, 'Código de verificação').pressSequentially('1a2');
      assert.equal(await field(page, 'Código de verificação').inputValue(), '12');
      await pasteInto(page, 'Código de verificação', `${code.slice(0, 3)} ${code.slice(3)}`);
      await expectPath(page, '/register/finish');

      // ---- personal data through the API; the address step on the screen
      const token = (await storedItem(page, 'authToken'))!;
      await apiCall(
        'PUT',
        '/user/pessoais',
        {
          name: person.name,
          cpf: randomCpf(),
          nascimento: '1987-09-14',
          celular: '11987650077',
          sexo: 'F',
          estado_civil: 'S',
        },
        token,
      );
      await page.reload();
      await expectVisible(field(page, 'CEP'));
      await pasteInto(page, 'CEP', '01310-100');
      assert.equal(await field(page, 'CEP').inputValue(), '01310-100');
      await expectText(page, 'CEP de SP');

      const city = page.getByRole('combobox', { name: /^Cidade/ });
      await city.fill('São Pa');
      const options = page.getByRole('option');
      await eventually(async () =>
        assert.equal(normalizeSpace(await options.first().textContent()), 'São Paulo - SP', 'São Paulo comes first'),
      );
      await shotBoth(page, 'first-steps-cep-cidade');
      // São Patrício-GO with a São Paulo CEP is refused
      await city.fill('São Patrício');
      await page.getByRole('option', { name: 'São Patrício - GO', exact: true }).click();
      await field(page, 'Bairro').fill('Bela Vista');
      await field(page, 'Rua/avenida').fill('Avenida Paulista');
      await field(page, 'Número').fill('1000');
      await click(page, 'button', 'Continuar');
      await expectText(page, 'Este CEP é de SP, mas a cidade escolhida é de GO. Confira o CEP e a cidade.');
      await shotBoth(page, 'first-steps-cep-outro-estado');
      await city.fill('São Paulo');
      await page.getByRole('option', { name: 'São Paulo - SP', exact: true }).click();
      await click(page, 'button', 'Continuar');
      await expectVisible(byRole(page, 'heading', /FATCA/));
      assert.deepEqual(api.notFound, [], 'no /api call answered 404');
    });
  });

  it('no celular: abas roláveis, endereço inexistente e a empresa sem profissão', { timeout: 90_000 }, async () => {
    const token = await apiLogin(DEMO.company.email, DEMO_PASSWORD);
    await withPage(browser, { viewport: PHONE, name: 'first-steps-company', token }, async (page) => {
      const api = watchApi(page);
      await page.goto('/meus-dados/aumentar-limite');
      await expectVisible(byRole(page, 'heading', 'Aumentar limite'));
      // the tabs say they scroll: arrows, and a faded edge
      const tabs = page.getByRole('tablist', { name: 'Seções de Meus dados' });
      await expectVisible(tabs);
      const hint = await page.evaluate(() => {
        const root = document.querySelector('.MuiTabs-root');
        const scroller = root?.querySelector('.MuiTabs-scroller') as HTMLElement | null;
        const style = scroller ? getComputedStyle(scroller) : null;
        return {
          buttons: root?.querySelectorAll('.MuiTabs-scrollButtons').length ?? 0,
          mask: style ? style.maskImage || style.getPropertyValue('-webkit-mask-image') : 'none',
        };
      });
      assert.equal(hint.buttons, 2, 'scroll arrows on both sides');
      assert.notEqual(hint.mask, 'none', 'the cut edge of the tabs fades');
      // a company asks in its own name
      assert.equal(await field(page, 'Profissão').count(), 0, 'no profissão for a company');
      await expectText(page, /O pedido é feito em nome de/);
      await shotBoth(page, 'first-steps-empresa-limite');

      await page.goto('/meus-dados/meus-enderecos/adicionar');
      await expectVisible(byRole(page, 'heading', 'Adicionar endereço'));
      assert.equal(
        normalizeSpace(await page.getByRole('combobox', { name: /^Tipo de endereço/ }).textContent()),
        'Comercial',
      );

      await page.goto('/meus-dados/meus-enderecos/editar/987654321');
      await expectText(page, /Endereço não encontrado/);
      await shotBoth(page, 'first-steps-endereco-inexistente');
      await click(page, 'link', 'Voltar para Meus endereços');
      await expectPath(page, '/meus-dados/meus-enderecos');
      // the drawer shows the book's average price per gram, and its call answers
      assert.ok(api.averagePrice.length > 0, 'the drawer asks for the average price');
      assert.deepEqual(
        api.averagePrice.filter((call) => !call.startsWith('200 ')),
        [],
        'every average-price call answered 200',
      );
      assert.deepEqual(
        api.notFound.filter((p) => !p.startsWith('/api/address/')),
        [],
        'no other /api call answered 404',
      );
    });
  });
});
