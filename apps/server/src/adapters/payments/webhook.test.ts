import { describe, expect, it } from 'vitest';
import { parseAsaasDelivery } from './webhook';

const AUTH = 'd51008fa-e28e-4823-82b4-4b1fcf485229';

describe('parseAsaasDelivery: Pix Automático', () => {
  it.each([
    ['ACTIVATED', 'authorization_activated'],
    ['CANCELLED', 'authorization_cancelled'],
    ['EXPIRED', 'authorization_expired'],
    ['REFUSED', 'authorization_refused'],
  ])('AUTHORIZATION_%s is %s', (event, kind) => {
    const parsed = parseAsaasDelivery({
      id: 'evt_1',
      event: `PIX_AUTOMATIC_RECURRING_AUTHORIZATION_${event}`,
      authorization: { id: AUTH, status: event, customerId: 'cus_000006869125', value: 10 },
    });
    expect(parsed).toEqual({ kind, eventId: 'evt_1', authorizationId: AUTH });
  });

  it('an authorisation event without its authorisation is malformed', () => {
    expect(parseAsaasDelivery({ id: 'evt_1', event: 'PIX_AUTOMATIC_RECURRING_AUTHORIZATION_CANCELLED' })).toBeNull();
  });

  it('a refused payment instruction names its authorisation, payment and reason, flat or nested', () => {
    expect(
      parseAsaasDelivery({
        id: 'evt_2',
        event: 'PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION_REFUSED',
        paymentInstruction: { id: 'x', authorizationId: AUTH, paymentId: 'pay_1', refusalReason: 'sem saldo' },
      }),
    ).toEqual({
      kind: 'payment_instruction_refused',
      eventId: 'evt_2',
      authorizationId: AUTH,
      paymentId: 'pay_1',
      reason: 'sem saldo',
    });
    expect(
      parseAsaasDelivery({
        id: 'evt_3',
        event: 'PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION_REFUSED',
        paymentInstruction: { authorization: { id: AUTH }, payment: { id: 'pay_2' } },
      }),
    ).toMatchObject({ authorizationId: AUTH, paymentId: 'pay_2', reason: null });
  });

  it('the other Pix Automático events are ignored', () => {
    for (const event of [
      'PIX_AUTOMATIC_RECURRING_AUTHORIZATION_CREATED',
      'PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION_CREATED',
      'PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION_SCHEDULED',
      'PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION_CANCELLED',
    ]) {
      expect(parseAsaasDelivery({ id: 'evt_4', event, authorization: { id: AUTH } })).toEqual({
        kind: 'ignored',
        eventId: 'evt_4',
        event,
      });
    }
  });
});
