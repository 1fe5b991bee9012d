/**
 * Pix Automático's authorisation ended by the payer. A fresh customer has a monthly plan by
 * Pix Automático; the payer cancels the authorisation in their bank (the embedded provider's Asaas webhook,
 * `POST /api/dev/saving-plans/{id}/revoke`, test clock only); on a phone /poupanca-automatica shows the plan cancelled
 * with the reason and no button left, and /dev/caixa-postal holds the e-mail saying why.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiCall } from '../lib/api';
import { PHONE, shotBoth, withPage } from '../lib/browser';
import { uniqueEmail } from '../lib/env';
import { approvedCustomer } from '../lib/orders';
import { byRole, expectText, expectVisible } from '../lib/ui';
import { journeyContext } from '../lib/flows';

const journey = journeyContext();

describe('Poupança automática: autorização cancelada no banco', () => {
  it('the payer cancels the Pix Automático authorisation: the plan ends and says why', {
    timeout: 180_000,
  }, async () => {
    const email = uniqueEmail('poupanca-revogada');
    const customer = await approvedCustomer({ name: 'Rita Revoga Lima', email }, journey.operatorToken, 0);
    const created = await apiCall<{ plan: { id: number; status: string } }>(
      'POST',
      '/saving-plans',
      { amount: '30,00', frequency: 'monthly', month_day: 10, payment_method: 'pix_automatico' },
      customer.token,
    );
    assert.equal(created.plan.status, 'awaiting_authorization');
    const revoked = await apiCall<{ outcome: string }>('POST', `/dev/saving-plans/${created.plan.id}/revoke`);
    assert.equal(revoked.outcome, 'plan_ended');

    await withPage(
      journey.browser,
      { viewport: PHONE, token: customer.token, name: 'poupanca-revogada' },
      async (page) => {
        await page.goto('/poupanca-automatica');
        const card = byRole(page, 'article', 'R$ 30,00 todo dia 10 do mês');
        await expectVisible(card);
        await expectText(card, /Você cancelou a autorização do Pix Automático no seu banco\./);
        assert.equal(await card.getByRole('button', { name: /Cancelar|Pausar|Retomar/ }).count(), 0);
        // the first charge, never paid, buys nothing
        await expectText(card.getByTestId('saving-run'), /Não comprou/);
        await card.scrollIntoViewIfNeeded();
        await shotBoth(page, 'poupanca-4-revogada');

        await page.goto('/dev/caixa-postal');
        await expectText(page, /Sua poupança automática foi encerrada/);
      },
    );
  });
});
