/**
 * Proof of reserves. A customer with grams bought on the order book opens /prova-de-reservas on a
 * phone after today's proof is built (the development route: every journey customer opened today): the page shows
 * the root, the bars and their balance, and verifies the customer's own leaf in the browser with Web Crypto; the
 * downloaded JSON carries the same leaf and path the API gives.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiCall } from '../lib/api';
import { PHONE, shot, withPage } from '../lib/browser';
import { uniqueEmail } from '../lib/env';
import { approvedCustomer, marketOrder } from '../lib/orders';
import { expectText, expectVisible } from '../lib/ui';
import { journeyContext } from '../lib/flows';

const journey = journeyContext();

type Proof = { day: string; centigrams: number; leaf: string; root: string; path: unknown[] };

describe('Prova de reservas', () => {
  it("a customer's page verifies their leaf in the browser (phone)", { timeout: 180_000 }, async () => {
    const customer = await approvedCustomer(
      { name: 'Rita Reserva Prado', email: uniqueEmail('reservas') },
      journey.operatorToken,
      100,
    );
    await marketOrder(customer.token, 'buy', 2);
    await apiCall('POST', '/dev/reserves/today', undefined);
    const proof = await apiCall<Proof>('GET', '/reserves/proof', undefined, customer.token);
    assert.equal(proof.centigrams, 200, 'the leaf holds the 2,00 g bought');

    await withPage(
      journey.browser,
      { viewport: PHONE, name: 'reserves-phone', token: customer.token },
      async (page) => {
        await page.goto('/prova-de-reservas');
        await expectVisible(page.getByRole('heading', { name: 'Prova de reservas', exact: true }));
        await expectText(page, 'Verificado neste navegador: sua folha leva à raiz publicada.');
        const root = (await page.getByTestId('reserves-root').textContent())?.trim();
        assert.equal(root, proof.root, 'the page shows the root the customer verified against');
        const mine = page.getByTestId('my-proof');
        assert.match((await mine.textContent()) ?? '', /2,00 g/);
        assert.ok(((await mine.textContent()) ?? '').includes(proof.leaf), 'the page shows the leaf');

        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Baixar minha prova (JSON)' }).click(),
        ]);
        const file = await download.path();
        const { readFile } = await import('node:fs/promises');
        const saved = JSON.parse(await readFile(file, 'utf8')) as Proof;
        assert.deepEqual(saved, proof, 'the download is the API answer the script verifies');
        await shot(page, 'prova-de-reservas-phone');
      },
    );
  });
});
