/**
 * Journey: a customer keeps their registration data on /meus-dados (spec 2 §2–§5) and reads /meu-historico.
 *
 * A fresh individual signs in through the UI (an incomplete registration lands on /register/finish), the rest of the
 * registration is filled in through the API, and /register/finish then shows "Cadastro em análise". On /meus-dados
 * the customer edits the personal data (seen again after a reload), adds, edits and deletes an address with the city
 * search, uploads a PDF and downloads the same bytes back (a file above 5 MB never leaves the browser), adds a Pix key
 * with the own CPF and a bank account, asks for a higher limit with a document, reads the history tabs, changes the
 * password and signs in with the new one (the second sign-in code waits out the server's resend window), and closes the
 * account, landing on /login. A second test looks at a company's tabs (no FATCA; tabs found by value).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiCall, apiLogin, createAccount } from '../lib/api';
import { DESKTOP, launchBrowser, shotBoth, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from '../lib/env';
import { expectLoggedOut, loginThroughUi, openAccountDrawer } from '../lib/flows';
import { expectFocusOn } from '../lib/keyboard';
import { lastMessageId, latestCode } from '../lib/outbox';
import { completeIndividualRegistration, maskCpf, pdfBytes, randomCpf, waitForNextCode } from '../lib/meus-dados';
import {
  byRole,
  choose,
  click,
  expectFieldError,
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

const person = {
  name: 'Helena Duarte Campos',
  email: uniqueEmail('meusdados'),
  cpf: randomCpf(),
  nascimento: '1987-09-14',
  celular: '11987001234',
};
const newName = 'Helena Duarte Campos Ribeiro';
const newPassword = 'nova-senha-prata-2026';

const tabs = (page: Page) => page.getByRole('tablist', { name: 'Seções de Meus dados' });

async function openTab(page: Page, label: string, path: string): Promise<void> {
  await click(tabs(page), 'tab', label);
  await expectPath(page, path);
  await eventually(async () =>
    assert.equal(
      await byRole(tabs(page), 'tab', label).getAttribute('aria-selected'),
      'true',
      `'${label}' is selected`,
    ),
  );
}

async function expectSnackbar(page: Page, text: string | RegExp): Promise<void> {
  await expectVisible(snackbar(page, text), `the notice ${String(text)}`);
}

/** The card of one address on the addresses tab (an <article> named after its first line). */
function addressCard(page: Page, firstLine: string): Locator {
  return page.getByRole('article', { name: new RegExp(`${firstLine.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
}

describe('Meus dados e Meu histórico', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('edita dados, endereços, documentos, dados bancários, pede limite, troca a senha e encerra a conta', {
    timeout: 300_000,
  }, async () => {
    const account = await createAccount({ name: person.name, email: person.email });

    await withPage(browser, { viewport: DESKTOP, name: 'meus-dados' }, async (page) => {
      // ---- sign in through the UI: the registration is incomplete → /register/finish
      const firstCodeAt = Date.now();
      await loginThroughUi(page, account.email, account.password);
      await expectPath(page, '/register/finish');
      const token = await storedItem(page, 'authToken');
      assert.ok(token, 'signed in');

      // ---- the rest of the registration through the API; /register/finish shows the review status
      await completeIndividualRegistration(token, { ...person, name: account.name });
      await page.reload();
      await expectText(page, 'Cadastro em análise');
      await expectVisible(byRole(page, 'link', 'Ir para o início'));
      await shotBoth(page, 'register-finish-em-analise');

      // ---- the drawer's "Meus dados" tile → /meus-dados, personal data, review banner
      const drawer = await openAccountDrawer(page);
      await click(drawer, 'link', 'Meus dados');
      await expectPath(page, '/meus-dados');
      await expectVisible(byRole(page, 'heading', 'Dados pessoais'));
      await expectText(page, 'Cadastro em análise');
      assert.equal(await byRole(tabs(page), 'tab', 'Dados pessoais').getAttribute('aria-selected'), 'true');
      assert.equal(await field(page, 'CPF').inputValue(), maskCpf(person.cpf));
      assert.notEqual(await field(page, 'CPF').getAttribute('readonly'), null, 'the CPF is read-only');
      assert.equal(await field(page, 'E-mail').inputValue(), account.email);
      assert.notEqual(await field(page, 'E-mail').getAttribute('readonly'), null, 'the e-mail is read-only');
      await shotBoth(page, 'meus-dados-1-dados-pessoais');

      await fill(page, 'Nome completo', '');
      await click(page, 'button', 'Salvar alterações');
      await expectFieldError(page, 'Nome completo', 'Informe seu nome');
      await fill(page, 'Nome completo', newName);
      await typeMasked(page, 'Celular', '21987654321');
      await expectHidden(field(page, 'Nome do cônjuge'), 'spouse fields for a single person');
      await choose(page, 'Estado civil', 'Casado(a)');
      await fill(page, 'Nome do cônjuge', 'Rafael Ribeiro');
      await typeMasked(page, 'CPF do cônjuge', '12345678900');
      await click(page, 'button', 'Salvar alterações');
      await expectFieldError(page, 'CPF do cônjuge', 'Informe um CPF válido');
      await shotBoth(page, 'meus-dados-1-dados-pessoais-erros');
      const spouseCpf = randomCpf();
      await typeMasked(page, 'CPF do cônjuge', spouseCpf);
      // the new mobile number is confirmed with a code sent to the account's e-mail (a session alone cannot change it)
      const beforeContactCode = await lastMessageId(account.email);
      await click(page, 'button', 'Salvar alterações');
      const confirmContact = page.getByRole('dialog', { name: 'Confirme a alteração' });
      await expectVisible(confirmContact, 'the code dialog');
      await expectText(confirmContact, /o novo celular \(21\) 98765-4321/);
      // the server's resend window (3 s in the journeys' server): counting down, or already over on a slow machine
      await expectVisible(byRole(confirmContact, 'button', /^Reenviar código( em [1-3] s)?$/));
      const contactCode = await latestCode(account.email, { after: beforeContactCode });
      await fill(confirmContact, 'Código de verificação', contactCode === '000000' ? '111111' : '000000');
      await click(confirmContact, 'button', 'Confirmar');
      await expectFieldError(confirmContact, 'Código de verificação', 'Código inválido. Confira e tente novamente.');
      await shotBoth(page, 'meus-dados-1-dados-pessoais-codigo');
      await fill(confirmContact, 'Código de verificação', contactCode);
      await click(confirmContact, 'button', 'Confirmar');
      await expectSnackbar(page, 'Dados pessoais atualizados com sucesso!');
      await expectHidden(confirmContact, 'the code dialog');
      // the focus comes back to the save that opened the code dialog, not the page's top (shown by a mouse's click:
      // the browser draws no ring after one, so the check is where the focus is)
      await eventually(async () =>
        assert.ok(
          await byRole(page, 'button', 'Salvar alterações').evaluate((el) => el === document.activeElement),
          'the focus is on "Salvar alterações"',
        ),
      );

      await page.reload();
      await expectVisible(byRole(page, 'heading', 'Dados pessoais'));
      await eventually(async () => assert.equal(await field(page, 'Nome completo').inputValue(), newName));
      assert.equal(await field(page, 'Celular').inputValue(), '(21) 98765-4321');
      assert.equal(await field(page, 'Nome do cônjuge').inputValue(), 'Rafael Ribeiro');
      assert.equal(await field(page, 'CPF do cônjuge').inputValue(), maskCpf(spouseCpf));
      // saved with Enter from a field: the focus stays in the field, not the page's top
      await fill(page, 'Nome do cônjuge', 'Rafael Ribeiro Lima');
      await field(page, 'Nome do cônjuge').press('Enter');
      await expectSnackbar(page, 'Dados pessoais atualizados com sucesso!');
      await expectFocusOn(page, field(page, 'Nome do cônjuge'), 'the field Enter was pressed in');

      // ---- Meus endereços: add (city search), edit, delete
      await openTab(page, 'Meus endereços', '/meus-dados/meus-enderecos');
      await expectVisible(addressCard(page, 'Rua Barão de Jaguara, 1000'));
      assert.equal(
        await addressCard(page, 'Rua Barão de Jaguara, 1000').getByRole('button', { name: 'Excluir' }).isDisabled(),
        true,
        'the only address cannot be deleted',
      );
      await shotBoth(page, 'meus-dados-2-meus-enderecos');

      await click(page, 'link', 'Adicionar endereço');
      await expectPath(page, '/meus-dados/meus-enderecos/adicionar');
      await expectVisible(byRole(page, 'heading', 'Adicionar endereço'));
      await click(page, 'button', 'Salvar endereço');
      await expectFieldError(page, 'CEP', 'Informe o CEP');
      await expectFieldError(page, 'Bairro', 'Informe o bairro');
      await expectText(page, 'Informe a cidade');
      await shotBoth(page, 'meus-dados-endereco-adicionar');
      await choose(page, 'Tipo de endereço', 'Comercial');
      await typeMasked(page, 'CEP', '01310100');
      const city = page.getByRole('combobox', { name: /^Cidade/ });
      await city.click();
      await city.pressSequentially('São Paulo');
      await page.getByRole('option', { name: 'São Paulo - SP', exact: true }).click();
      await fill(page, 'Bairro', 'Bela Vista');
      await fill(page, 'Rua/avenida', 'Avenida Paulista');
      await fill(page, 'Número', '1578');
      await click(page, 'button', 'Salvar endereço');
      await expectPath(page, '/meus-dados/meus-enderecos');
      await expectSnackbar(page, 'Endereço salvo com sucesso!');
      const added = addressCard(page, 'Avenida Paulista, 1578');
      await expectVisible(added);
      assert.match(normalizeSpace(await added.textContent()), /Bela Vista - São Paulo - SP.*CEP 01310-100/);

      await click(added, 'link', 'Editar');
      await eventually(() => assert.match(new URL(page.url()).pathname, /^\/meus-dados\/meus-enderecos\/editar\/\d+$/));
      await expectVisible(byRole(page, 'heading', 'Editar endereço'));
      await eventually(async () => assert.equal(await field(page, 'CEP').inputValue(), '01310-100'));
      assert.equal(await page.getByRole('combobox', { name: /^Cidade/ }).inputValue(), 'São Paulo - SP');
      assert.equal(await field(page, 'Número').inputValue(), '1578');
      await shotBoth(page, 'meus-dados-endereco-editar');
      await fill(page, 'Número', '1811');
      await fill(page, 'Complemento', 'Conjunto 5');
      await click(page, 'button', 'Salvar alterações');
      await expectPath(page, '/meus-dados/meus-enderecos');
      await expectSnackbar(page, 'Endereço salvo com sucesso!');
      const edited = addressCard(page, 'Avenida Paulista, 1811, Conjunto 5');
      await expectVisible(edited);
      await expectHidden(addressCard(page, 'Avenida Paulista, 1578'), 'the old version of the address');

      await click(edited, 'button', 'Excluir');
      const confirmDelete = page.getByRole('dialog', { name: 'Excluir endereço?' });
      await expectVisible(confirmDelete);
      await shotBoth(page, 'meus-dados-endereco-excluir');
      await click(confirmDelete, 'button', 'Excluir');
      await expectSnackbar(page, 'Endereço excluído com sucesso!');
      await expectHidden(edited, 'the deleted address');
      await expectVisible(addressCard(page, 'Rua Barão de Jaguara, 1000'));

      // ---- FATCA
      await openTab(page, 'FATCA', '/meus-dados/fatca');
      await expectVisible(byRole(page, 'heading', 'Declaração FATCA'));
      assert.equal(await page.getByRole('radiogroup').count(), 5);
      await shotBoth(page, 'meus-dados-3-fatca');

      // ---- Documentos: above 5 MB refused in the browser; a PDF up and back down, byte for byte
      await openTab(page, 'Documentos', '/meus-dados/documentos');
      await expectText(page, 'Nenhum documento enviado.');
      await shotBoth(page, 'meus-dados-4-documentos-vazio');
      const uploads: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/api/documents')) uploads.push(request.url());
      });
      await page.getByLabel('Arquivo do documento').setInputFiles({
        name: 'grande.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.alloc(5_242_881, 0x25),
      });
      await expectSnackbar(page, 'O arquivo é muito grande. O tamanho máximo permitido é 5.00 MB.');
      assert.equal(uploads.length, 0, 'the large file is not sent');

      const pdf = pdfBytes(`Comprovante de residencia de ${person.email}`);
      await page.getByLabel('Arquivo do documento').setInputFiles({
        name: 'comprovante-residencia.pdf',
        mimeType: 'application/pdf',
        buffer: pdf,
      });
      await expectSnackbar(page, 'Documento enviado com sucesso!');
      await expectText(page, 'comprovante-residencia.pdf');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        click(page, 'button', 'Baixar comprovante-residencia.pdf'),
      ]);
      assert.equal(download.suggestedFilename(), 'comprovante-residencia.pdf');
      const downloaded = await readFile(await download.path());
      assert.ok(downloaded.equals(pdf), 'the downloaded file has the uploaded bytes');
      await shotBoth(page, 'meus-dados-4-documentos');

      // ---- Dados bancários: a Pix key (own CPF only) and a bank account
      await openTab(page, 'Dados bancários', '/meus-dados/dados-bancarios');
      await expectText(page, 'Nenhuma conta ou chave Pix cadastrada.');
      await page.getByRole('combobox', { name: /^Tipo de chave/ }).click();
      const keyTypes = (await page.getByRole('option').allTextContents()).map(normalizeSpace);
      assert.deepEqual(keyTypes, ['CPF', 'E-mail'], 'an individual has no CNPJ key');
      await page.keyboard.press('Escape');
      await click(page, 'button', 'Adicionar chave Pix');
      await expectFieldError(page, 'Chave Pix', 'Informe seu CPF de cadastro');
      await typeMasked(page, 'Chave Pix', randomCpf());
      await click(page, 'button', 'Adicionar chave Pix');
      await expectFieldError(page, 'Chave Pix', 'Informe seu CPF de cadastro');
      await typeMasked(page, 'Chave Pix', person.cpf);
      await click(page, 'button', 'Adicionar chave Pix');
      await expectSnackbar(page, 'Dados bancários salvos com sucesso!');
      const entries = page.getByRole('list', { name: 'Contas e chaves Pix' });
      await expectVisible(entries);
      await eventually(async () => {
        const text = normalizeSpace(await entries.textContent());
        assert.ok(text.includes(`Chave Pix (CPF)${maskCpf(person.cpf)}`), text);
      });

      await click(page, 'button', 'Adicionar conta');
      await expectFieldError(page, 'Número do banco', 'Informe o número');
      await expectFieldError(page, 'Agência', 'Informe o número');
      await expectFieldError(page, 'Número da conta', 'Informe o número');
      await fill(page, 'Número do banco', '341');
      await expectText(page, 'Itaú Unibanco');
      await fill(page, 'Agência', '1234');
      await fill(page, 'Número da conta', '56789-0');
      await click(page, 'button', 'Adicionar conta');
      await expectSnackbar(page, 'Dados bancários salvos com sucesso!');
      await eventually(async () => {
        const text = normalizeSpace(await entries.textContent());
        assert.ok(text.includes('Conta corrente'), text);
        assert.ok(text.includes('Banco 341 (Itaú Unibanco) · Agência 1234 · Conta 567890'), text);
      });
      await shotBoth(page, 'meus-dados-5-dados-bancarios');

      // delete needs a confirmation; cancel keeps the entry
      await click(page, 'button', /^Excluir Conta corrente/);
      const confirmBanking = page.getByRole('dialog', { name: 'Excluir dados bancários?' });
      await expectVisible(confirmBanking);
      await click(confirmBanking, 'button', 'Cancelar');
      await expectHidden(confirmBanking);
      assert.ok(normalizeSpace(await entries.textContent()).includes('Conta corrente'), 'the account is listed');

      // ---- Aumentar limite: the current limit, the validation, a request with a document
      await openTab(page, 'Aumentar limite', '/meus-dados/aumentar-limite');
      await eventually(async () =>
        assert.equal(normalizeSpace(await page.getByTestId('current-limit').textContent()), 'R$ 50.000,00'),
      );
      await click(page, 'button', 'Enviar pedido');
      await expectFieldError(page, 'Novo limite anual', 'Informe o novo limite');
      await expectFieldError(page, 'Profissão', 'Informe sua profissão');
      await expectFieldError(page, 'Nome da empresa', 'Informe nome da empresa');
      await expectFieldError(page, 'CNPJ da empresa', 'Informe um CNPJ válido');
      await expectText(page, 'Envie ao menos um documento que comprove sua renda ou patrimônio');
      await shotBoth(page, 'meus-dados-6-aumentar-limite-erros');

      await typeMasked(page, 'Novo limite anual', '250000');
      await typeMasked(page, 'Patrimônio', '1200000');
      await typeMasked(page, 'Renda mensal', '3500050');
      await fill(page, 'Profissão', 'Engenheira civil');
      await eventually(async () => assert.equal(await field(page, 'Novo limite anual').inputValue(), '250.000,00'));
      assert.equal(await field(page, 'Renda mensal').inputValue(), '3.500.050,00');
      await typeMasked(page, 'Renda mensal', '35000,50');
      await fill(page, 'Nome da empresa', 'Construtora Horizonte');
      assert.equal(await field(page, 'Renda mensal').inputValue(), '35.000,50');
      await typeMasked(page, 'CNPJ da empresa', '11222333000181');
      assert.equal(await field(page, 'CNPJ da empresa').inputValue(), '11.222.333/0001-81');
      await fill(page, 'Outras informações', 'Recebo bônus anual em março.');
      await page
        .getByLabel('Documentos do pedido')
        .setInputFiles([{ name: 'irpf-2025.pdf', mimeType: 'application/pdf', buffer: pdfBytes('IRPF 2025') }]);
      await expectText(page, 'irpf-2025.pdf');
      await click(page, 'button', 'Enviar pedido');
      await expectSnackbar(page, /Pedido de aumento de limite enviado!/);
      const requests = page.getByRole('list', { name: 'Pedidos de aumento de limite' });
      await expectVisible(requests);
      await eventually(async () => {
        const text = normalizeSpace(await requests.textContent());
        assert.ok(text.includes('Pedido de R$ 250.000,00'), text);
        assert.ok(text.includes('Em análise'), text);
      });
      await expectText(page, /Você já tem um pedido de aumento de limite em análise/);
      await shotBoth(page, 'meus-dados-6-aumentar-limite');

      // ---- Alterar senha: the messages, then the change
      await openTab(page, 'Alterar senha', '/meus-dados/alterar-senha');
      await shotBoth(page, 'meus-dados-7-alterar-senha');
      await click(page, 'button', 'Alterar senha');
      await expectFieldError(page, 'Senha atual', 'Informe sua senha atual');
      await expectFieldError(page, 'Nova senha', 'Informe a nova senha');
      await fill(page, 'Senha atual', 'senha-errada-1');
      await fill(page, 'Nova senha', 'curta');
      await click(page, 'button', 'Alterar senha');
      await expectFieldError(page, 'Nova senha', 'A senha deve ter no mínimo 8 caracteres');
      await fill(page, 'Nova senha', newPassword);
      await fill(page, 'Confirme a nova senha', `${newPassword}x`);
      await click(page, 'button', 'Alterar senha');
      await expectFieldError(page, 'Confirme a nova senha', 'As senhas devem ser iguais');
      await fill(page, 'Confirme a nova senha', newPassword);
      await click(page, 'button', 'Alterar senha');
      await expectFieldError(page, 'Senha atual', 'A senha atual está incorreta.');
      await fill(page, 'Senha atual', account.password);
      await click(page, 'button', 'Alterar senha');
      await expectSnackbar(page, 'Senha alterada com sucesso!');
      assert.equal(await field(page, 'Senha atual').inputValue(), '', 'the form is cleared');

      // ---- Encerrar conta (screen only for now; closed at the end)
      await openTab(page, 'Encerrar conta', '/meus-dados/encerrar-conta');
      await expectText(page, 'Para encerrar, seus saldos devem estar zerados');
      await shotBoth(page, 'meus-dados-8-encerrar-conta');

      // ---- Meu histórico: every tab; "Demais eventos" lists what happened above
      await click(await openAccountDrawer(page), 'link', 'Meu histórico');
      await expectPath(page, '/meu-historico');
      const historyTabs = page.getByRole('tablist', { name: 'Tipos de histórico' });
      // the address changes at the click; the page follows once its code is there
      await expectVisible(historyTabs);
      const historyTabNames = [
        ['Dinheiro adicionado', 'dinheiro-adicionado'],
        ['Dinheiro retirado', 'dinheiro-retirado'],
        ['Prata retirada', 'prata-retirada'],
        ['Prata transferida', 'prata-transferida'],
        ['Ordens realizadas', 'ordens-realizadas'],
        ['Demais eventos', 'demais-eventos'],
        ['Ordens canceladas', 'ordens-canceladas'],
      ] as const;
      assert.deepEqual(
        (await historyTabs.getByRole('tab').allTextContents()).map(normalizeSpace),
        historyTabNames.map(([label]) => label),
      );
      for (const [index, [label, value]] of historyTabNames.entries()) {
        await click(historyTabs, 'tab', label);
        await expectPath(page, `/meu-historico/${value}`);
        if (value === 'demais-eventos') {
          const table = page.getByRole('table', { name: 'Demais eventos' });
          await expectVisible(table);
          await eventually(async () => {
            const text = normalizeSpace(await table.textContent());
            for (const event of ['Pedido de aumento de limite enviado', 'Chave Pix cadastrada', 'Senha alterada']) {
              assert.ok(text.includes(event), `${event} in ${text}`);
            }
            assert.match(text, /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/, 'dates as dd/mm/aaaa hh:mm');
          });
        } else if (
          value === 'dinheiro-adicionado' ||
          value === 'dinheiro-retirado' ||
          value === 'prata-retirada' ||
          value === 'prata-transferida' ||
          value === 'ordens-realizadas' ||
          value === 'ordens-canceladas'
        ) {
          // live since the money, order-book and silver issues: this new customer has no deposits, withdrawals or orders (the
          // tab's own table, not the previous tab's, which can stay on screen for a moment while the next page's data
          // arrives)
          const name = {
            'dinheiro-adicionado': 'Depósitos',
            'dinheiro-retirado': 'Retiradas de dinheiro',
            'prata-retirada': 'Retiradas de prata',
            'prata-transferida': 'Transferências de prata',
            'ordens-realizadas': 'Ordens realizadas',
            'ordens-canceladas': 'Ordens canceladas',
          }[value];
          const table = page.getByRole('table', { name });
          await expectVisible(table);
          await eventually(async () =>
            assert.ok(
              normalizeSpace(await table.textContent()).includes('Nenhum registro encontrado.'),
              'the empty table says so',
            ),
          );
        } else {
          await expectText(page, 'Este histórico ficará disponível em breve.');
        }
        await shotBoth(page, `meu-historico-${index}-${value}`);
      }

      // ---- sign in again with the new password (a new code, once the resend window has passed)
      await click(await openAccountDrawer(page), 'button', 'Sair');
      await expectLoggedOut(page);
      await waitForNextCode(firstCodeAt);
      await loginThroughUi(page, account.email, newPassword);
      await expectPath(page, '/comprar-prata');
      // /login with a valid session goes home
      await page.goto('/login');
      await expectPath(page, '/comprar-prata');

      // ---- close the account: confirmation, then /login without a session
      await page.goto('/meus-dados/encerrar-conta');
      await click(page, 'button', 'Encerrar minha conta');
      const confirmClose = page.getByRole('dialog', { name: 'Encerrar sua conta?' });
      await expectVisible(confirmClose);
      await shotBoth(page, 'meus-dados-8-encerrar-conta-confirmar');
      await click(confirmClose, 'button', 'Encerrar conta');
      await expectLoggedOut(page);
      await expectSnackbar(page, 'Sua conta foi encerrada.');
      await assert.rejects(apiLogin(account.email, newPassword), /403/, 'a closed account cannot sign in');
    });
  });

  it('mostra as abas de uma empresa, sem FATCA, escolhidas pelo valor', { timeout: 60_000 }, async () => {
    const token = await apiLogin(DEMO.company.email, DEMO_PASSWORD);
    await withPage(browser, { viewport: DESKTOP, name: 'meus-dados-empresa', token }, async (page) => {
      await page.goto('/meus-dados');
      await expectVisible(byRole(page, 'heading', 'Dados da empresa'));
      await eventually(async () =>
        assert.deepEqual((await tabs(page).getByRole('tab').allTextContents()).map(normalizeSpace), [
          'Dados da empresa',
          'Meus endereços',
          'Documentos',
          'Dados bancários',
          'Aumentar limite',
          'Alterar senha',
          'Privacidade e dados',
          'Acesso e dispositivos',
          'Encerrar conta',
        ]),
      );
      assert.equal(await field(page, 'CNPJ').inputValue(), '11.222.333/0001-81');
      await shotBoth(page, 'meus-dados-empresa-1-dados-da-empresa');

      await page.goto('/meus-dados/fatca');
      await expectPath(page, '/meus-dados');
      await page.goto('/meus-dados/documentos');
      await expectVisible(byRole(page, 'heading', 'Documentos'));
      await eventually(async () =>
        assert.equal(await byRole(tabs(page), 'tab', 'Documentos').getAttribute('aria-selected'), 'true'),
      );

      await openTab(page, 'Dados bancários', '/meus-dados/dados-bancarios');
      await page.getByRole('combobox', { name: /^Tipo de chave/ }).click();
      const keyTypes = (await page.getByRole('option').allTextContents()).map(normalizeSpace);
      assert.deepEqual(keyTypes, ['CNPJ', 'E-mail'], 'a company has no CPF key');
      await page.keyboard.press('Escape');
      await shotBoth(page, 'meus-dados-empresa-5-dados-bancarios');
    });
    // The demo company keeps its data: nothing was changed.
    const { user } = await apiCall<{ user: { company: { cnpj: string } } }>('GET', '/user', undefined, token);
    assert.equal(user.company.cnpj, '11222333000181');
  });
});
