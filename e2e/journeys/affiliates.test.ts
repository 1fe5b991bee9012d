/**
 * The affiliate program and the educational videos (spec 3 "Afiliados", "Educacional", "Video page"). Maria (the demo
 * customer, an approved affiliate) opens /afiliados: her coupon, the referral link, the demo's rewards and referred
 * customers. A new person opens her link on a phone: /register has the coupon filled in; they register, verify the
 * e-mail and sign in; /afiliados sends their incomplete registration to /register/finish (the 403 rule), then shows
 * the approval-pending notice; the operator approves them; they buy silver on the order book; Maria sees the new
 * referred customer and the reward credited through the ledger. Then a video of /educacional opens in the
 * privacy-enhanced YouTube player. YouTube's hosts are stubbed: the journey needs no network.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiCall, apiLogin } from '../lib/api';
import { DESKTOP, launchBrowser, PHONE, shotBoth, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from '../lib/env';
import { completeIndividualRegistration, randomCpf } from '../lib/meus-dados';
import { fundWithPix, marketOrder } from '../lib/orders';
import { latestLink } from '../lib/outbox';
import { click, expectPath, expectText, expectVisible, field, fill, normalizeSpace } from '../lib/ui';
import { eventually } from '../lib/wait';

let browser: Browser;
let operatorToken: string;
let mariaToken: string;

before(async () => {
  browser = await launchBrowser();
  operatorToken = await apiLogin(DEMO.operator.email, DEMO_PASSWORD);
  mariaToken = await apiLogin(DEMO.customer.email, DEMO_PASSWORD);
});
after(async () => {
  await browser?.close();
});

/** No request leaves for YouTube: thumbnails fail (the grid falls back to tiles), the player is a stand-in page. */
async function stubYouTube(page: Page) {
  await page.route('https://i.ytimg.com/**', (route) => route.abort());
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<html><body style="background:#000;color:#fff">player</body></html>',
    }),
  );
}

const table = (page: Page, name: string) => page.getByRole('table', { name });

describe('Afiliados', () => {
  it("a person registers through Maria's link and trades; Maria sees the referred customer and the reward", {
    timeout: 240_000,
  }, async () => {
    const program = await apiCall<{ coupon: { code: string; link: string } }>(
      'GET',
      '/affiliates-program',
      undefined,
      mariaToken,
    );
    const { code } = program.coupon;
    const link = new URL(program.coupon.link);
    assert.equal(link.pathname, '/register');
    assert.equal(link.searchParams.get('cupom'), code);

    await withPage(browser, { viewport: DESKTOP, token: mariaToken, name: 'afiliados-antes' }, async (page) => {
      await page.goto('/afiliados');
      await expectVisible(page.getByTestId('affiliate-coupon'));
      assert.equal(normalizeSpace(await page.getByTestId('affiliate-coupon').textContent()), code);
      assert.equal(await field(page, 'Link de indicação').inputValue(), program.coupon.link);
      await expectText(page, /Por 1 ano a partir do cadastro dele, você recebe 20% da taxa operacional/);
      // the demo's referred customers: one awaiting verification, one awaiting approval
      await expectVisible(table(page, 'Indicados').getByText('Aguardando verificação'));
      await expectVisible(table(page, 'Indicados').getByText('Aguardando aprovação'));
      await expectVisible(
        table(page, 'Recompensas')
          .getByText(/da taxa operacional de uma (compra|venda)/)
          .first(),
      );
      await shotBoth(page, 'afiliados');
    });

    const person = { name: 'Helena Indicada Martins', email: uniqueEmail('indicada'), password: 'senha-forte-123' };
    let token = '';
    await withPage(browser, { viewport: PHONE, name: 'afiliados-indicado' }, async (page) => {
      await page.goto(`${link.pathname}${link.search}`);
      assert.equal(await field(page, 'Cupom').inputValue(), code, 'the link fills in the coupon');
      await fill(page, 'Nome completo', person.name);
      await fill(page, 'E-mail', person.email);
      await fill(page, 'Confirme o e-mail', person.email);
      await fill(page, 'Senha', person.password);
      await fill(page, 'Confirme a senha', person.password);
      await page.getByRole('checkbox', { name: /Li e aceito os termos de uso/ }).check();
      await shotBoth(page, 'afiliados-cadastro-pelo-link');
      await click(page, 'button', 'Criar conta');
      await expectVisible(page.getByRole('region', { name: 'Verificação de e-mail' }));
      const verify = await latestLink(person.email, '/email/verify/');
      await apiCall('POST', `/register/verify/${new URL(verify).pathname.split('/').pop()}`);
      token = await apiLogin(person.email, person.password);

      // the 403 rule: the server's message, then /register/finish
      await page.evaluate((t) => localStorage.setItem('authToken', t), token);
      await page.goto('/afiliados');
      await expectPath(page, '/register/finish');
      await expectText(page, 'Conclua seu cadastro para continuar.');

      // complete but not approved: the notice
      await completeIndividualRegistration(token, {
        name: person.name,
        cpf: randomCpf(),
        nascimento: '1991-07-08',
        celular: `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      });
      await page.goto('/afiliados');
      await expectText(page, /Assim que ele for aprovado, você recebe seu cupom e seu link de indicação/);
      await shotBoth(page, 'afiliados-cadastro-em-analise');
    });

    const me = await apiCall<{ user: { id: number } }>('GET', '/user', undefined, token);
    await apiCall('POST', `/admin/customers/${me.user.id}/review`, { decision: 'approve' }, operatorToken);
    await fundWithPix(token, 300);
    await marketOrder(token, 'buy', 10);

    await withPage(browser, { viewport: DESKTOP, token: mariaToken, name: 'afiliados-depois' }, async (page) => {
      await eventually(
        async () => {
          await page.goto('/afiliados');
          const referred = table(page, 'Indicados');
          await expectVisible(referred.getByText('Helena'));
          const row = table(page, 'Recompensas').locator('tbody > tr').first();
          const text = normalizeSpace(await row.textContent());
          assert.match(text, /20% da taxa operacional de uma compra de/);
          assert.match(text, /R\$ 1,00/);
          assert.match(text, /in\*\*\*@e\*\*\*\.prata\.dev/);
        },
        { timeoutMs: 20_000 },
      );
      await shotBoth(page, 'afiliados-recompensa');
    });
  });
});

describe('Educacional', () => {
  it('the grid of videos with the tag filter; a video opens in the youtube-nocookie player', {
    timeout: 120_000,
  }, async () => {
    await withPage(browser, { viewport: PHONE, token: mariaToken, name: 'educacional' }, async (page) => {
      await stubYouTube(page);
      await page.goto('/educacional');
      const grid = page.getByRole('list', { name: 'Vídeos' });
      await expectVisible(grid);
      await eventually(async () => assert.equal(await grid.getByRole('listitem').count(), 12));
      await expectText(page, '12 de 12 vídeos');
      await shotBoth(page, 'educacional');
      await click(page, 'button', 'Tutorial');
      await expectPath(page, '/educacional');
      await eventually(async () => assert.equal(await grid.getByRole('listitem').count(), 5));
      await shotBoth(page, 'educacional-tutoriais');
      const first = grid.getByRole('link').first();
      // the card shows the title cut at 40 characters; its heading's title attribute has it whole
      const title = await first.getByRole('heading').getAttribute('title');
      await first.click();
      await eventually(async () => assert.match(new URL(page.url()).pathname, /^\/educacional\/video\/\d+$/));
      // the video page's own title (h1): the grid's card (h3) has the same text and may still be there for a moment
      await expectVisible(page.getByRole('heading', { level: 1, name: title ?? '', exact: true }));
      const frame = page.locator('iframe');
      assert.match(
        String(await frame.getAttribute('src')),
        /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}\?rel=0$/,
      );
      await shotBoth(page, 'educacional-video');
    });
  });
});

describe('Back office', () => {
  it('the operator sees the affiliates and rewards, adds a video customers see first, and removes it', {
    timeout: 120_000,
  }, async () => {
    await withPage(browser, { viewport: DESKTOP, token: operatorToken, name: 'admin-afiliados' }, async (page) => {
      await stubYouTube(page);
      await page.goto('/admin/afiliados');
      const affiliates = page.getByRole('table', { name: 'Afiliados' });
      await expectVisible(affiliates.getByText(/^MARIA-/));
      await expectVisible(
        page
          .getByRole('table', { name: 'Recompensas pagas' })
          .getByText(/da taxa operacional/)
          .first(),
      );
      assert.equal(await field(page, 'Validade (anos)').inputValue(), '1');
      await shotBoth(page, 'admin-afiliados');

      await page.goto('/admin/videos');
      await expectVisible(page.getByRole('table', { name: 'Vídeos educacionais' }).getByRole('row').nth(12));
      await click(page, 'button', 'Novo vídeo');
      const dialog = page.getByRole('dialog', { name: 'Novo vídeo' });
      await fill(dialog, 'Vídeo do YouTube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
      await fill(dialog, 'Título', 'Aula ao vivo: como ler o livro de ofertas da prata antes de comprar');
      await shotBoth(page, 'admin-videos-novo');
      await click(dialog, 'button', 'Adicionar vídeo');
      await expectVisible(page.getByRole('table', { name: 'Vídeos educacionais' }).getByText(/^Aula ao vivo/));
      await shotBoth(page, 'admin-videos');

      await page.goto('/educacional');
      const first = page.getByRole('list', { name: 'Vídeos' }).getByRole('link').first();
      await expectVisible(first);
      assert.equal(
        await first.getByRole('heading').getAttribute('title'),
        'Aula ao vivo: como ler o livro de ofertas da prata antes de comprar',
      );
      await expectText(page, 'Aula ao vivo: como ler o livro de oferta…');

      await page.goto('/admin/videos');
      await click(page, 'button', 'Remover vídeo Aula ao vivo: como ler o livro de ofertas da prata antes de comprar');
      await click(page.getByRole('dialog', { name: 'Remover vídeo' }), 'button', 'Remover');
      await eventually(async () =>
        assert.equal(
          await page
            .getByRole('table', { name: 'Vídeos educacionais' })
            .getByText(/^Aula ao vivo/)
            .count(),
          0,
        ),
      );
    });
  });
});
