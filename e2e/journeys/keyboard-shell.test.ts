/**
 * Journey: the keyboard alone, part 3: what frames the money screens. The phone's menu drawers (the customer's and the
 * back office's) and the account menu (open, walk with the arrows, Escape, the focus back on their button), the Auro
 * chat (the focus into the panel, Escape closes it, the focus back on the help button) and a TED deposit with its
 * receipt chosen from the file picker.
 *
 * As in keyboard-money.test.ts: setup through the API, the journey by keys only (lib/keyboard.ts), the focus checked
 * at every Tab stop and around every dialog and menu, with reduced motion asked for.
 */
import { describe, it } from 'node:test';
import { DESKTOP, PHONE, withPage } from '../lib/browser';
import { uniqueEmail } from '../lib/env';
import {
  activate,
  arrowTo,
  expectDialogFocus,
  expectFocusInside,
  expectFocusOn,
  press,
  tabTo,
  typeInto,
  typeText,
} from '../lib/keyboard';
import { pdfBytes } from '../lib/meus-dados';
import { approvedCustomer } from '../lib/orders';
import { byRole, expectHidden, expectPath, expectText, expectVisible, snackbar } from '../lib/ui';
import { journeyContext } from '../lib/flows';

const journey = journeyContext();

describe('Teclado: menus, chat e TED', () => {
  it('o menu do celular e o menu da conta abrem, andam com as setas e fecham com Esc', {
    timeout: 90_000,
  }, async () => {
    const customer = await approvedCustomer(
      { name: 'Nina Teclado Reis', email: uniqueEmail('teclado-menus') },
      journey.operatorToken,
      0,
    );
    await withPage(
      journey.browser,
      { viewport: PHONE, name: 'teclado-menus', reducedMotion: true, token: customer.token },
      async (page) => {
        await page.goto('/meu-historico');
        // the first screen of a context loads the app and its chunks: slower on a busy machine
        await byRole(page, 'heading', 'Meu histórico').waitFor({ timeout: 30_000 });

        // the drawer: the focus goes in, Escape closes it and gives the focus back
        const menuButton = byRole(page, 'button', 'Abrir menu');
        await activate(page, 'Abrir menu', { role: 'button' });
        const sections = page.getByRole('navigation', { name: 'Seções' }).first();
        await expectVisible(sections);
        await expectFocusInside(page, page.locator('.MuiDrawer-modal'), 'the menu drawer');
        await press(page, 'Escape');
        await expectHidden(page.locator('.MuiDrawer-modal .MuiDrawer-paper'));
        await expectFocusOn(page, menuButton, "the button 'Abrir menu'");
        // again, and a section chosen by Tab and Enter
        await press(page, 'Enter');
        await expectFocusInside(page, page.locator('.MuiDrawer-modal'), 'the menu drawer');
        await tabTo(page, /^Adicionar dinheiro/, { role: 'link', max: 30 });
        await press(page, 'Enter');
        await expectPath(page, '/adicionar-dinheiro');
        await expectHidden(page.locator('.MuiDrawer-modal .MuiDrawer-paper'));
        // the screen's data in: the footer the Shift+Tab below passes stays where the browser scrolled it
        await byRole(page, 'heading', 'Como você quer adicionar?').waitFor({ timeout: 30_000 });

        // the account menu: Enter opens it on its first item, the arrows walk, Escape closes it
        const account = page.getByRole('button', { name: /menu da conta/ });
        await activate(page, /menu da conta/, { role: 'button', back: true, max: 30 });
        const menu = page.getByRole('menu');
        await expectVisible(menu);
        await expectFocusInside(page, menu, 'the account menu');
        await arrowTo(page, 'Meu histórico');
        await arrowTo(page, 'Sair');
        await press(page, 'Escape');
        await expectHidden(menu);
        await expectFocusOn(page, account, 'the account button');
        await press(page, 'Enter');
        await expectFocusInside(page, menu, 'the account menu');
        await arrowTo(page, 'Meus dados');
        await press(page, 'Enter');
        await expectPath(page, '/meus-dados');
        await expectHidden(menu);
      },
    );
  });

  it('o menu do back office no celular recebe o foco, fecha com Esc e leva a uma seção', {
    timeout: 60_000,
  }, async () => {
    await withPage(
      journey.browser,
      { viewport: PHONE, name: 'teclado-back-office', reducedMotion: true, token: journey.operatorToken },
      async (page) => {
        await page.goto('/admin');
        const navButton = byRole(page, 'button', 'Abrir navegação');
        await navButton.waitFor({ timeout: 30_000 });
        await activate(page, 'Abrir navegação', { role: 'button' });
        const drawer = page.locator('.MuiDrawer-modal');
        await expectVisible(drawer.getByRole('navigation', { name: 'Back office' }));
        await expectFocusInside(page, drawer, 'the back office drawer');
        await press(page, 'Escape');
        await expectHidden(page.locator('.MuiDrawer-modal .MuiDrawer-paper'));
        await expectFocusOn(page, navButton, "the button 'Abrir navegação'");
        await press(page, 'Enter');
        await expectFocusInside(page, drawer, 'the back office drawer');
        await tabTo(page, 'Depósitos', { role: 'link', max: 20 });
        await press(page, 'Enter');
        await expectPath(page, '/admin/depositos');
        await expectHidden(page.locator('.MuiDrawer-modal .MuiDrawer-paper'));
      },
    );
  });

  it('um visitante conversa com o Auro só com o teclado e fecha o chat com Esc', { timeout: 90_000 }, async () => {
    await withPage(journey.browser, { viewport: DESKTOP, name: 'teclado-chat', reducedMotion: true }, async (page) => {
      await page.goto('/comprar-prata');
      await byRole(page, 'heading', /Comprar prata|Barras de prata/).waitFor({ timeout: 30_000 });
      // the help button comes after the page (in its corner, last in the Tab order): Shift+Tab from the top reaches it
      const help = byRole(page, 'button', 'Abrir o chat com o Auro');
      await expectVisible(help);
      await tabTo(page, 'Abrir o chat com o Auro', { role: 'button', back: true, max: 10 });
      await press(page, 'Enter');
      const panel = byRole(page, 'dialog', 'Chat com o Auro');
      await expectVisible(panel);
      // the focus goes into the panel, on the visitor's name
      await expectFocusOn(page, byRole(panel, 'textbox', /^Nome/), "the visitor's name");
      await typeText(page, 'Teo Teclado');
      await typeInto(page, /^E-mail/, uniqueEmail('teclado-chat'));
      await press(page, 'Enter');
      // the form is done: the focus is on the message
      const message = byRole(panel, 'textbox', 'Sua mensagem');
      await expectFocusOn(page, message, 'the message field');
      await expectText(panel, /Eu sou o Auro/);
      await typeText(page, 'Quanto custa sacar dinheiro?');
      await press(page, 'Enter');
      await expectText(panel, /^Fonte: (Perguntas frequentes|Artigos de ajuda) - /);
      // Escape closes it, and the help button has the focus again
      await expectFocusInside(page, panel, 'the chat');
      await press(page, 'Escape');
      await expectHidden(panel);
      await expectFocusOn(page, help, 'the help button');
      // reopened, the conversation is there and the focus on the message
      await press(page, 'Enter');
      await expectVisible(panel);
      await expectFocusOn(page, message, 'the message field');
      await expectText(panel, 'Quanto custa sacar dinheiro?');
    });
  });

  it('um cliente envia um depósito por TED com o comprovante só com o teclado', { timeout: 90_000 }, async () => {
    const customer = await approvedCustomer(
      { name: 'Otto Teclado Lima', email: uniqueEmail('teclado-ted') },
      journey.operatorToken,
      0,
    );
    await withPage(
      journey.browser,
      { viewport: DESKTOP, name: 'teclado-ted', reducedMotion: true, token: customer.token },
      async (page) => {
        await page.goto('/adicionar-dinheiro');
        await byRole(page, 'heading', 'Adicionar dinheiro').waitFor({ timeout: 30_000 });
        // the TED's warning: a dialog opened from the method, Escape closes it, then it is accepted
        const ted = byRole(page, 'button', /^TED/);
        await activate(page, /^TED/, { role: 'button', max: 60 });
        const warning = page.getByRole('dialog', { name: 'TED é mais demorada' });
        await expectDialogFocus(page, warning, ted, "'TED é mais demorada'", { close: true });
        await press(page, 'Enter');
        await expectDialogFocus(page, warning, ted, "'TED é mais demorada'");
        await activate(page, 'Continuar com TED', { role: 'button' });
        await expectPath(page, '/adicionar-dinheiro/ted');
        // the route's screen replaces the page (and its dialog) once its chunk is in: Tab walks the new screen only then
        await byRole(page, 'heading', 'Adicionar por TED').waitFor({ timeout: 30_000 });
        await expectHidden(warning);

        // the bank data's copy buttons, then the amount and the receipt from the file picker
        await activate(page, 'Copiar agência', { role: 'button', max: 60 });
        await expectVisible(snackbar(page, 'Copiado para a área de transferência'));
        await typeInto(page, /^Valor transferido/, '250,00');
        // (the picker is watched for before Enter: the browser is told to hand it over only once somebody listens)
        const picked = page.waitForEvent('filechooser');
        await activate(page, 'Escolher comprovante', { role: 'button' });
        const chooser = await picked;
        await chooser.setFiles({ name: 'ted-teclado.pdf', mimeType: 'application/pdf', buffer: pdfBytes('TED') });
        await expectText(page, 'ted-teclado.pdf');
        // the focus stayed on the picker's button, now 'Trocar comprovante'; the next stops are the send button's
        await activate(page, 'Enviar comprovante', { role: 'button' });
        await expectPath(page, '/adicionar-dinheiro');
        await expectVisible(snackbar(page, /^Comprovante enviado/));
        await expectVisible(
          page.getByRole('list', { name: 'Depósitos pendentes' }).getByRole('button', { name: /R\$ 250,00.*TED/ }),
        );
      },
    );
  });
});
