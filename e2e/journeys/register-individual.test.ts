/**
 * Journey: a person opens an individual account on a phone (spec 1 §2.6–2.9, §2.11, §4.3, §5): /register →
 * 'Verificação de e-mail' → the link from the e-mail → /login with an e-mail code → /register/finish (personal
 * data, address, FATCA) → / with the drawer showing the name and zero balances → logout.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, PHONE, shotBoth, withPage } from '../lib/browser';
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
  normalizeSpace,
  snackbar,
  typeMasked,
} from '../lib/ui';

const person = {
  name: 'Ana Beatriz Costa',
  email: uniqueEmail('pf'),
  password: 'prata-segura-2024',
  cpf: '111.444.777-35',
};

describe('Cadastro de pessoa física no celular', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('cria a conta, verifica o e-mail, entra com código, conclui o cadastro e sai', { timeout: 150_000 }, async () => {
    await withPage(browser, { viewport: PHONE, name: 'register-individual' }, async (page) => {
      // ---- /register: empty form, the terms gate, the validation messages in the spec's words
      await page.goto('/register');
      await expectVisible(byRole(page, 'heading', 'Criar conta'));
      const submit = byRole(page, 'button', 'Criar conta');
      assert.equal(await submit.isDisabled(), true, "'Criar conta' waits for the terms checkbox");
      assert.equal(await page.getByRole('radio', { name: 'Pessoa física' }).isChecked(), true, 'individual by default');
      await shotBoth(page, 'register-empty');

      await page.getByRole('checkbox', { name: /Li e aceito os termos de uso/ }).check();
      assert.equal(await submit.isEnabled(), true, "'Criar conta' is enabled once the terms are accepted");
      await submit.click();
      await expectFieldError(page, 'Nome completo', 'Informe seu nome completo');
      await expectFieldError(page, 'E-mail', 'Informe seu e-mail');
      await expectFieldError(page, 'Senha', 'Informe a senha');
      await shotBoth(page, 'register-errors');

      await fill(page, 'E-mail', 'ana@exemplo');
      await fill(page, 'Senha', 'curta');
      await submit.click();
      await expectFieldError(page, 'E-mail', 'Informe um e-mail válido');
      await expectFieldError(page, 'Senha', 'A senha deve ter no mínimo 8 caracteres');

      // ---- a valid registration → the verification panel
      await fill(page, 'Nome completo', person.name);
      await fill(page, 'E-mail', person.email);
      await fill(page, 'Confirme o e-mail', person.email);
      await fill(page, 'Senha', person.password);
      await fill(page, 'Confirme a senha', person.password);
      await submit.click();
      const panel = page.getByRole('region', { name: 'Verificação de e-mail' });
      await expectVisible(panel, "the 'Verificação de e-mail' panel");
      assert.ok(normalizeSpace(await panel.textContent()).includes(person.email), 'the panel names the e-mail');
      await expectVisible(byRole(panel, 'button', 'Reenviar link de verificação'));
      await shotBoth(page, 'register-verification-pending');

      // ---- the link from the e-mail
      const link = await latestLink(person.email, '/email/verify/');
      await page.goto(link);
      await expectVisible(byRole(page, 'heading', 'Verificação de e-mail'));
      await expectText(page, /e-mail verificado/i);
      await shotBoth(page, 'email-verify-success');
      await click(page, 'link', 'Ir para o login');
      await expectPath(page, '/login');

      // ---- sign-in: password, e-mail code → an incomplete registration lands on /register/finish
      await expectVisible(byRole(page, 'heading', 'Entrar'));
      await shotBoth(page, 'login-credentials');
      await submitCredentials(page, person.email, person.password);
      await finishLoginWithEmailCode(page, person.email, 'login');
      await expectPath(page, '/register/finish');
      await expectVisible(byRole(page, 'heading', 'Conclua seu cadastro'));

      // ---- step 1: personal data (the name comes from the registration)
      await expectVisible(byRole(page, 'heading', 'Dados pessoais'));
      assert.equal(await field(page, 'Nome completo').inputValue(), person.name);
      await shotBoth(page, 'register-finish-individual-1-personal');
      await typeMasked(page, 'CPF', '12345678900');
      await click(page, 'button', 'Continuar');
      await expectFieldError(page, 'CPF', 'Informe um CPF válido');
      const sexo = page.getByRole('radiogroup', { name: /^Sexo/ }).locator('..');
      await expectText(sexo, 'Escolha uma das opções');
      await typeMasked(page, 'CPF', person.cpf.replace(/\D/g, ''));
      assert.equal(await field(page, 'CPF').inputValue(), person.cpf, 'the CPF mask ###.###.###-##');
      await typeMasked(page, 'Data de nascimento', '15031990');
      assert.equal(await field(page, 'Data de nascimento').inputValue(), '15/03/1990');
      await typeMasked(page, 'Celular', '11987651234');
      assert.equal(await field(page, 'Celular').inputValue(), '(11) 98765-1234', 'the mobile mask (##) #####-####');
      await page.getByRole('radio', { name: 'Feminino' }).check();
      await choose(page, 'Estado civil', 'Solteiro(a)');
      await click(page, 'button', 'Continuar');

      // ---- step 2: address, with the city search
      await expectVisible(byRole(page, 'heading', 'Endereço'));
      await shotBoth(page, 'register-finish-individual-2-address');
      await typeMasked(page, 'CEP', '1301');
      await click(page, 'button', 'Continuar');
      await expectFieldError(page, 'CEP', 'Informe o CEP com todos os dígitos');
      await typeMasked(page, 'CEP', '13015904');
      assert.equal(await field(page, 'CEP').inputValue(), '13015-904');
      const city = page.getByRole('combobox', { name: /^Cidade/ });
      await city.click();
      await city.pressSequentially('Campinas');
      await page.getByRole('option', { name: 'Campinas - SP', exact: true }).click();
      assert.equal(await city.inputValue(), 'Campinas - SP');
      await fill(page, 'Bairro', 'Centro');
      await fill(page, 'Rua/avenida', 'Rua Barão de Jaguara');
      await fill(page, 'Número', '1000');
      await fill(page, 'Complemento', 'Sala 12');
      await click(page, 'button', 'Continuar');

      // ---- step 3: FATCA
      await expectVisible(byRole(page, 'heading', 'Declaração FATCA'));
      await click(page, 'button', 'Concluir cadastro');
      const groups = page.getByRole('radiogroup');
      await expectText(page, 'Escolha uma das opções');
      assert.equal(await groups.count(), 5, 'five FATCA questions');
      await shotBoth(page, 'register-finish-individual-3-fatca');
      for (let i = 0; i < 5; i++) await groups.nth(i).getByRole('radio', { name: 'Não' }).check();
      await click(page, 'button', 'Concluir cadastro');

      // ---- home: / → /comprar-prata, the drawer with the name and zero balances
      await expectPath(page, '/comprar-prata');
      await expectVisible(snackbar(page), 'a success notice');
      const drawer = await openAccountDrawer(page);
      await expectDrawerShows(drawer, person.name, 'R$ 0,00', '0,00 g');
      assert.equal(
        await drawer.getByRole('link', { name: 'Concluir cadastro' }).count(),
        0,
        "a complete registration has no 'Concluir cadastro' tile",
      );
      await shotBoth(page, 'home-drawer-open');

      // ---- logout from the drawer
      await click(drawer, 'button', 'Sair');
      await expectLoggedOut(page);
    });
  });
});
