/**
 * Journey: a company opens an account on a desktop (spec 1 §2.6–2.9, §2.11, §5): /register as 'Pessoa jurídica' →
 * the e-mail link → /login with an e-mail code → /register/finish (company data with the alphanumeric CNPJ, address)
 * → / with the drawer → logout from the account menu.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, shotBoth, withPage } from '../lib/browser';
import { uniqueEmail } from '../lib/env';
import {
  expectDrawerShows,
  expectLoggedOut,
  finishLoginWithEmailCode,
  openAccountDrawer,
  submitCredentials,
} from '../lib/flows';
import { latestLink } from '../lib/outbox';
import {
  byRole,
  choose,
  click,
  expectFieldError,
  expectPath,
  expectText,
  expectVisible,
  field,
  fill,
  snackbar,
  typeMasked,
} from '../lib/ui';

const company = {
  person: 'Roberto Almeida Prado',
  email: uniqueEmail('pj'),
  password: 'joias-aurora-2024',
  cnpj: '12.ABC.345/01DE-35',
  razaoSocial: 'Ourivesaria Prado Ltda',
};

describe('Cadastro de pessoa jurídica no computador', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('cria a conta da empresa, entra com código, conclui empresa e endereço e sai', { timeout: 150_000 }, async () => {
    await withPage(browser, { viewport: DESKTOP, name: 'register-company' }, async (page) => {
      // ---- /register as a company
      await page.goto('/register');
      await expectVisible(byRole(page, 'heading', 'Criar conta'));
      await fill(page, 'Nome completo', company.person);
      await fill(page, 'E-mail', company.email);
      await fill(page, 'Confirme o e-mail', company.email);
      await fill(page, 'Senha', company.password);
      await fill(page, 'Confirme a senha', 'outra-senha-123');
      await page.getByRole('radio', { name: 'Pessoa jurídica' }).check();
      await page.getByRole('checkbox', { name: /Li e aceito os termos de uso/ }).check();
      await click(page, 'button', 'Criar conta');
      await expectFieldError(page, 'Confirme a senha', 'As senhas devem ser iguais');
      await fill(page, 'Confirme a senha', company.password);
      await click(page, 'button', 'Criar conta');
      await expectVisible(page.getByRole('region', { name: 'Verificação de e-mail' }));

      // ---- the e-mail link, then sign-in with a code
      await page.goto(await latestLink(company.email, '/email/verify/'));
      await expectText(page, /e-mail verificado/i);
      await click(page, 'link', 'Ir para o login');
      await expectPath(page, '/login');
      await submitCredentials(page, company.email, company.password);
      await finishLoginWithEmailCode(page, company.email);
      await expectPath(page, '/register/finish');
      await expectVisible(byRole(page, 'heading', 'Conclua seu cadastro'));

      // ---- step 1: company data (no personal data, no FATCA for companies)
      await expectVisible(byRole(page, 'heading', 'Dados da empresa'));
      const steps = page.locator('.MuiStepLabel-label');
      assert.deepEqual(
        (await steps.allTextContents()).map((s) => s.trim()),
        ['Dados da empresa', 'Endereço'],
        'companies have two steps',
      );
      await click(page, 'button', 'Continuar');
      await expectFieldError(page, 'CNPJ', 'Informe um CNPJ válido');
      await expectFieldError(page, 'Razão social', 'Informe a razão social');
      await shotBoth(page, 'register-finish-company-1-company-errors');
      await typeMasked(page, 'CNPJ', '11222333000100');
      await click(page, 'button', 'Continuar');
      await expectFieldError(page, 'CNPJ', 'Informe um CNPJ válido');
      // the alphanumeric CNPJ: letters typed in lowercase show in uppercase
      await typeMasked(page, 'CNPJ', '12abc34501de35');
      assert.equal(await field(page, 'CNPJ').inputValue(), company.cnpj, 'the CNPJ mask ##.###.###/####-##');
      await fill(page, 'Razão social', company.razaoSocial);
      await fill(page, 'Nome fantasia', 'Prado Joias');
      await typeMasked(page, 'Celular', '19998765432');
      await fill(page, 'E-mail', 'financeiro@prado.dev');
      await fill(page, 'CNAE principal', '4783-1/01 Comércio varejista de artigos de joalheria');
      await choose(page, 'Regime tributário', 'Lucro Presumido');
      await fill(page, 'Site', 'https://prado.dev');
      await shotBoth(page, 'register-finish-company-1-company');
      await click(page, 'button', 'Continuar');

      // ---- step 2: the commercial address, the last step
      await expectVisible(byRole(page, 'heading', 'Endereço'));
      await choose(page, 'Tipo de endereço', 'Comercial');
      await typeMasked(page, 'CEP', '13010111');
      const city = page.getByRole('combobox', { name: /^Cidade/ });
      await city.click();
      await city.pressSequentially('Campinas');
      await page.getByRole('option', { name: 'Campinas - SP', exact: true }).click();
      await fill(page, 'Bairro', 'Centro');
      await fill(page, 'Rua/avenida', 'Rua Conceição');
      await fill(page, 'Número', '233');
      await shotBoth(page, 'register-finish-company-2-address');
      await click(page, 'button', 'Concluir cadastro');

      // ---- home with the permanent drawer
      await expectPath(page, '/comprar-prata');
      await expectVisible(snackbar(page), 'a success notice');
      const drawer = await openAccountDrawer(page);
      await expectDrawerShows(drawer, company.person, 'R$ 0,00', '0,00 g');
      await shotBoth(page, 'home-company');

      // ---- logout from the account menu in the top bar, the connection gone at that moment: the device forgets the
      // session all the same, and the sign-in page says the server's end is not confirmed and where to end it
      await page.route('**/api/logout', (route) => route.abort('internetdisconnected'));
      await page.getByRole('button', { name: `Menu da conta de ${company.person}` }).click();
      await click(page, 'menuitem', 'Sair');
      await expectLoggedOut(page);
      await expectVisible(
        page.getByRole('alert').filter({ hasText: 'Acesso e dispositivos' }),
        'the unconfirmed sign-out',
      );
      await shotBoth(page, 'logout-unconfirmed');
    });
  });
});
