/**
 * The journeys' axe check (lib/axe.ts) can fail: pages served here (no app, no server of the run) with a known
 * violation make `withPage` fail with the rule, its impact, the node and the screen state, including a dialog opened
 * after the page settled; a clean page passes, also while states change and pages navigate under the checks; a wait
 * does not count the time an axe run held the page.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { checkedStates } from '../lib/axe';
import { DESKTOP, launchBrowser, PHONE, shot, withPage } from '../lib/browser';
import { eventually, holdPage } from '../lib/wait';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body><main><h1>${title}</h1>${body}</main></body></html>`;

const PAGES: Record<string, string> = {
  '/limpo': page('Limpo', '<p>Um texto legível.</p><a href="/limpo-2">Outra página</a>'),
  '/limpo-2': page('Limpo 2', '<p>Outro texto legível.</p>'),
  '/falhas/123/detalhes': page(
    'Com falhas',
    '<p style="color:#c8c8c8;background:#ffffff">Texto claro demais</p><input type="text" id="sem-rotulo">',
  ),
};

describe('axe nas jornadas', () => {
  let browser: Browser;
  let server: Server;
  let origin: string;
  before(async () => {
    server = createServer((req, res) => {
      const html = PAGES[req.url ?? ''];
      res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html ?? page('Não encontrada', ''));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('falha o teste numa violação séria, com a regra, o nó e o estado da tela', { timeout: 60_000 }, async () => {
    const failure = await withPage(browser, { viewport: PHONE, name: 'axe-check-failing' }, async (p) => {
      await p.goto(`${origin}/falhas/123/detalhes`);
      await shot(p, 'axe-check-failing'); // a checkpoint: checked now, in CI too
      assert.ok(checkedStates().has('/falhas/:id/detalhes'), 'the page was checked, its id normalised');
      // a dialog opened later is a state of its own, checked in the background when the DOM is quiet
      await p.evaluate(() => {
        const dialog = document.createElement('div');
        dialog.setAttribute('role', 'dialog');
        dialog.setAttribute('aria-label', 'Confirmar 2 itens');
        dialog.innerHTML = '<p style="color:#dddddd;background:#ffffff">Quase invisível</p>';
        document.body.append(dialog);
      });
      await eventually(async () =>
        assert.ok(checkedStates().has('/falhas/:id/detalhes + dialog "Confirmar 9 itens"'), 'the dialog was checked'),
      );
    }).then(
      () => assert.fail('withPage passed a page with serious violations'),
      (error: Error) => error.message,
    );
    assert.match(failure, /serious\/critical accessibility violation/);
    assert.match(failure, /- label \(critical\)/, 'the input without a label');
    assert.match(failure, /#sem-rotulo\s+<input type="text" id="sem-rotulo">/, 'the node: its selector and HTML');
    assert.match(failure, /- color-contrast \(serious\)[^\n]*\n\s+on \/falhas\/:id\/detalhes \[390×844\] http:\/\//);
    assert.match(failure, /on \/falhas\/:id\/detalhes \+ dialog "Confirmar 9 itens" \[390×844\]/, 'the dialog state');
    assert.match(failure, /Quase invisível/);
  });

  it('passa numa página limpa, mesmo com estados mudando e navegações durante as verificações', async () => {
    const before = checkedStates().size;
    await withPage(browser, { viewport: DESKTOP, name: 'axe-check-clean' }, async (p) => {
      for (let i = 0; i < 6; i++) {
        await p.goto(`${origin}/limpo`);
        await p.evaluate(() => {
          const menu = document.createElement('ul');
          menu.setAttribute('role', 'menu');
          menu.setAttribute('aria-label', 'Opções');
          menu.innerHTML = '<li role="menuitem" tabindex="-1">Sair</li>';
          document.body.append(menu);
        });
        await p.waitForTimeout(100 * i); // the page's observer reports some states, not others
        await p.click('a');
        await p.waitForURL('**/limpo-2');
      }
    });
    assert.ok(checkedStates().size > before, 'the clean states were checked');
    assert.ok(checkedStates().has('/limpo-2'), 'the last state is checked at the end of withPage');
  });
  it('uma espera não conta o tempo em que o axe segurou a página', async () => {
    // the app answers 300 ms after the wait starts; the wait is 200 ms of the app's own, and axe held the page 400 ms
    const ready = Date.now() + 300;
    const release = holdPage();
    const released = new Promise<void>((resolve) =>
      setTimeout(() => {
        release();
        resolve();
      }, 400),
    );
    await eventually(() => assert.ok(Date.now() >= ready, 'not yet'), { timeoutMs: 200, intervalMs: 20 });
    // with nothing held (the hold above ended), the same wait gives up at 200 ms
    await released;
    const later = Date.now() + 300;
    await assert.rejects(
      eventually(() => assert.ok(Date.now() >= later, 'not yet'), { timeoutMs: 200, intervalMs: 20 }),
      /not yet/,
    );
  });
});
