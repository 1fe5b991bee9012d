/**
 * Price alerts. A customer on a phone opens /alertas-de-preco from the drawer, sees the form's
 * messages, creates "Preço igual ou acima de" at the price the book's best ask has now; a market buy of 1 g (through the API)
 * trades at that price, the alert fires once: the page shows it 'Disparado' with the trade's price, and its e-mail is
 * in the local mailbox /dev/caixa-postal. A second buy sends no second e-mail. On the way: the manifest and the
 * service worker of the installable app.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PHONE, shotBoth, withPage } from '../lib/browser';
import { uniqueEmail } from '../lib/env';
import type { PriceAlertsResponse } from '@prata/domain';
import { apiCall, idempotentCall } from '../lib/api';
import { approvedCustomer, centsText, marketOrder, quote } from '../lib/orders';
import { outbox } from '../lib/outbox';
import {
  byRole,
  choose,
  click,
  expectFieldError,
  expectHidden,
  expectText,
  expectVisible,
  fill,
  normalizeSpace,
  snackbar,
} from '../lib/ui';
import { eventually } from '../lib/wait';
import { journeyContext } from '../lib/flows';

const journey = journeyContext();

const SUBJECT = 'Alerta de preço da prata';

describe('Alertas de preço', () => {
  it('an alert at the best ask fires once when a buy trades there: the page and the mailbox show it', {
    timeout: 240_000,
  }, async () => {
    const email = uniqueEmail('alerta');
    const customer = await approvedCustomer({ name: 'Alice Alerta Moreira', email }, journey.operatorToken, 200);
    const best = await quote(customer.token, 'buy', 1);
    assert.ok(best.available, 'the demo book has asks');
    const priceCents = Math.round(best.price_per_gram * 100);
    const priceText = centsText(priceCents);

    await withPage(
      journey.browser,
      { viewport: PHONE, token: customer.token, name: 'alertas-de-preco' },
      async (page) => {
        await page.goto('/alertas-de-preco');
        await expectVisible(byRole(page, 'heading', 'Alertas de preço'));
        await expectText(page, 'Você ainda não tem alertas.');
        // the installable app: the manifest in Portuguese, and the service worker the signed-in frame registered
        const manifest = await page.evaluate(async () => {
          const href = document.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? '';
          return (await fetch(href)).json();
        });
        assert.equal(manifest.name, 'Prata Metais Preciosos');
        assert.equal(manifest.lang, 'pt-BR');
        const worker = await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active?.scriptURL ?? ''));
        assert.match(worker, /\/sw\.js$/);
        await shotBoth(page, 'alertas-de-preco-1-vazio');

        // the contract's messages before any call
        await click(page, 'button', 'Criar alerta');
        await expectFieldError(page, 'Preço por grama', 'Informe o preço por grama');
        await expectText(page, 'Escolha se o alerta é para preço acima ou abaixo');

        await choose(page, 'Quando', 'Preço igual ou acima de');
        await fill(page, 'Preço por grama', priceText.replace('R$ ', ''));
        await click(page, 'button', 'Criar alerta');
        const list = page.getByRole('list', { name: 'Alertas de preço' });
        await eventually(async () => {
          const text = normalizeSpace(await list.textContent());
          assert.ok(text.includes(`Preço igual ou acima de ${priceText} o grama`) && text.includes('Ativo'), text);
        });
        await shotBoth(page, 'alertas-de-preco-2-ativo');

        // one made by mistake, deleted by keyboard: the focus stays in the list's card, not at the page's top
        await choose(page, 'Quando', 'Preço igual ou abaixo de');
        await fill(page, 'Preço por grama', '0,50');
        await click(page, 'button', 'Criar alerta');
        const mistake = byRole(page, 'button', 'Apagar alerta: Preço igual ou abaixo de R$ 0,50 o grama');
        await mistake.focus();
        await page.keyboard.press('Enter');
        await expectHidden(mistake);
        const heading = byRole(page, 'heading', 'Seus alertas');
        await eventually(async () => assert.equal(await heading.evaluate((h) => h === document.activeElement), true));
        await shotBoth(page, 'alertas-de-preco-2b-apagado');
        // "Desfazer" in the notice makes it again as it was, once for a double click; then it goes for good
        const deleted = snackbar(page, 'Alerta de preço apagado');
        await deleted.getByRole('button', { name: 'Desfazer' }).dblclick();
        await expectVisible(snackbar(page, 'Alerta de preço restaurado'));
        await expectVisible(mistake);
        const afterUndo = await apiCall<PriceAlertsResponse>('GET', '/price-alerts', undefined, customer.token);
        assert.equal(
          afterUndo.alerts.filter((a) => a.direction === 'below' && a.price_per_gram === 0.5).length,
          1,
          'one alert restored for a double click',
        );
        await mistake.focus();
        await page.keyboard.press('Enter');
        await expectHidden(mistake);
        // the notice with "Desfazer" stays until closed; F8 takes the keyboard to it, and back once it is closed
        const again = snackbar(page, 'Alerta de preço apagado');
        await expectVisible(again);
        // while it stays, the page's end scrolls clear above it: it hides nothing for good on a phone
        const covered = await page.evaluate(() => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          const footer = document.querySelector('footer')?.getBoundingClientRect();
          const notice = document.querySelector('[role="region"][aria-label^="Avisos"]')?.getBoundingClientRect();
          return footer && notice ? footer.bottom - notice.top : Number.NaN;
        });
        assert.ok(covered <= 0, `the footer's end is ${covered}px under the notice`);
        // a touch screen has no F8 to show
        assert.equal(await again.locator('kbd').isVisible(), false, 'no key hint on a phone');
        await shotBoth(page, 'alertas-de-preco-2c-aviso-no-fim');
        await page.keyboard.press('F8');
        const isFocused = (locator: typeof heading) => locator.evaluate((el) => el === document.activeElement);
        await eventually(async () =>
          assert.equal(await isFocused(again.getByRole('button', { name: 'Desfazer' })), true, 'F8 reaches "Desfazer"'),
        );
        await page.keyboard.press('Tab');
        assert.equal(await isFocused(again.getByRole('button', { name: 'Fechar' })), true, 'then its close button');
        await page.keyboard.press('Enter');
        await expectHidden(again);
        await eventually(async () => assert.equal(await isFocused(heading), true, 'the focus is back on the heading'));

        // a buy of 1 g trades at the best ask: the alert fires (after the batch, within a moment)
        await marketOrder(customer.token, 'buy', 1);
        await eventually(
          async () => {
            const mails = (await outbox(email)).filter((m) => m.subject === SUBJECT);
            assert.equal(mails.length, 1, 'one alert e-mail');
          },
          { timeoutMs: 20_000, intervalMs: 500 },
        );
        await page.reload();
        await eventually(async () => {
          const text = normalizeSpace(await list.textContent());
          assert.ok(text.includes('Disparado') && text.includes(`negociado a ${priceText}`), text);
        });
        await shotBoth(page, 'alertas-de-preco-3-disparado');

        // the mailbox shows the e-mail to this customer
        await page.goto('/dev/caixa-postal');
        await fill(page, 'E-mail ou celular', email);
        await click(page, 'button', 'Buscar');
        const messages = page.getByRole('list', { name: 'Mensagens' });
        await eventually(async () => {
          const text = normalizeSpace(await messages.textContent());
          assert.ok(text.includes(SUBJECT), text);
        });
        await messages
          .getByRole('button', { name: new RegExp(SUBJECT) })
          .first()
          .click();
        await expectVisible(page.getByRole('dialog', { name: SUBJECT }));
        await shotBoth(page, 'alertas-de-preco-4-email');
      },
    );

    // another trade at or above the price: the alert does not fire again. What the checker did with that trade is
    // known when a second alert, which the same trade crosses, sends its own e-mail: then there are two, not three.
    await idempotentCall('POST', '/price-alerts', { direction: 'above', price_per_gram: 0.01 }, customer.token);
    await marketOrder(customer.token, 'buy', 1);
    await eventually(
      async () => {
        const mails = (await outbox(email)).filter((m) => m.subject === SUBJECT);
        assert.equal(mails.length, 2, 'the second alert has fired');
      },
      { timeoutMs: 20_000, intervalMs: 250 },
    );
    const { alerts } = await apiCall<PriceAlertsResponse>('GET', '/price-alerts', undefined, customer.token);
    assert.deepEqual(
      alerts.map((a) => a.fired_at !== null),
      [true, true],
      'both alerts fired, each once',
    );
    assert.equal((await outbox(email)).filter((m) => m.subject === SUBJECT).length, 2, 'one e-mail for each alert');
  });
});
