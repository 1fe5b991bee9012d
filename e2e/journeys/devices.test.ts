/**
 * Journey: "Onde estou conectado". A fresh customer is signed in in two browser contexts; the second
 * sign-in, from a browser none of the account's sessions came from, brings the new-device e-mail. On a desktop the
 * first context opens /meus-dados/acesso-e-dispositivos, sees both sessions (its own marked "Este dispositivo"), ends
 * the other one with "Encerrar" after a confirmation, and the other context, a phone, is signed out on its next
 * request. The e-mail's link, opened afterwards without signing in, answers that the session is ended.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiLogin } from '../lib/api';
import { DESKTOP, launchBrowser, PHONE, shotBoth, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from '../lib/env';
import { expectLoggedOut, finishLoginWithEmailCode, submitCredentials } from '../lib/flows';
import { waitForNextCode } from '../lib/meus-dados';
import { approvedCustomer } from '../lib/orders';
import { lastMessageId, latestLink } from '../lib/outbox';
import { byRole, expectPath, expectText, expectVisible, normalizeSpace, snackbar } from '../lib/ui';
import { eventually } from '../lib/wait';

const person = { name: 'Beatriz Aparelhos Lima', email: uniqueEmail('dispositivos') };
const PASSWORD = 'senha-forte-123';

const sessionsList = (page: Page) => page.getByRole('list', { name: 'Sessões abertas' });

describe('Onde estou conectado: encerrar a sessão de outro navegador', () => {
  let browser: Browser;
  let operatorToken: string;
  before(async () => {
    browser = await launchBrowser();
    operatorToken = await apiLogin(DEMO.operator.email, DEMO_PASSWORD);
  });
  after(async () => {
    await browser?.close();
  });

  it('lista as duas sessões, encerra a outra e ela sai da conta no próximo pedido', { timeout: 180_000 }, async () => {
    // the first session: an approved customer signed in through the API (its code was sent just now)
    const firstCodeAt = Date.now();
    const { token } = await approvedCustomer(person, operatorToken, 0);

    await withPage(browser, { viewport: DESKTOP, name: 'devices-first', token }, async (first) => {
      await withPage(browser, { viewport: PHONE, name: 'devices-other' }, async (other) => {
        // the second session: the phone signs in through the screens, from a browser the account never used
        await waitForNextCode(firstCodeAt);
        const before = await lastMessageId(person.email);
        await other.goto('/login');
        await expectVisible(byRole(other, 'heading', 'Entrar'));
        await submitCredentials(other, person.email, PASSWORD);
        await finishLoginWithEmailCode(other, person.email);
        await eventually(async () => assert.notEqual(new URL(other.url()).pathname, '/login', 'signed in'));
        const link = await latestLink(person.email, '/encerrar-sessao/', { after: before });

        // the desktop sees both: itself first and marked, then the other browser's Chrome (Chromium's user agent names a
        // Linux computer whatever the viewport) with its first and last access
        await first.goto('/meus-dados/acesso-e-dispositivos');
        await expectVisible(byRole(first, 'heading', 'Onde estou conectado'));
        const list = sessionsList(first);
        await expectVisible(list);
        await eventually(async () => assert.equal(await list.getByRole('listitem').count(), 2, 'two sessions'));
        const mine = list.getByRole('listitem').first();
        assert.match(normalizeSpace(await mine.textContent()), /Este dispositivo/);
        const theOther = list.getByRole('listitem').nth(1);
        const otherText = normalizeSpace(await theOther.textContent());
        assert.match(otherText, /Computador/);
        assert.match(otherText, /Chrome \d+ em Linux/);
        assert.match(otherText, /Local desconhecido/);
        assert.match(otherText, /Primeiro acesso/);
        assert.match(otherText, /Último acesso/);
        assert.doesNotMatch(otherText, /Este dispositivo/);
        await shotBoth(first, 'devices-1-two-sessions');

        // "Encerrar" asks first, by keyboard
        const end = theOther.getByRole('button', { name: /^Encerrar a sessão Computador: Chrome/ });
        await end.focus();
        await first.keyboard.press('Enter');
        const dialog = first.getByRole('dialog', { name: 'Encerrar esta sessão?' });
        await expectVisible(dialog);
        await shotBoth(first, 'devices-2-confirm');
        await dialog.getByRole('button', { name: 'Encerrar sessão' }).click();
        await expectVisible(snackbar(first, 'Sessão encerrada.'));
        await eventually(async () => assert.equal(await list.getByRole('listitem').count(), 1, 'one session left'));
        await expectText(first, 'Nenhuma outra sessão aberta.');

        // the other browser's next request is refused: it is signed out and on /login
        await other.goto('/meus-dados');
        await expectLoggedOut(other);

        // the desktop goes on
        await first.reload();
        await expectVisible(byRole(first, 'heading', 'Onde estou conectado'));
        await expectVisible(sessionsList(first).getByText('Este dispositivo'));

        // the e-mail's link, opened signed out after the session ended, says it is ended (and changes nothing)
        await other.goto(new URL(link).pathname);
        await expectPath(other, new URL(link).pathname);
        await expectText(other, /^Pronto: a sessão foi encerrada\./);
        await shotBoth(other, 'devices-3-link');
      });
    });
  });
});
