import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { CreatePriceAlertRequest, PRICE_ALERT_MAX_PER_GRAM_CENTS, PushSubscriptionRequest } from './price-alerts';

const issues = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('price alert contracts', () => {
  it('reads the price as a person writes it, in centavos', () => {
    expect(CreatePriceAlertRequest.parse({ direction: 'above', price_per_gram: '999,99' })).toEqual({
      direction: 'above',
      price_per_gram_cents: 99_999,
    });
    expect(CreatePriceAlertRequest.parse({ direction: 'below', price_per_gram: 8.5 }).price_per_gram_cents).toBe(850);
  });

  it('says what is missing or wrong, in Portuguese', () => {
    expect(issues(CreatePriceAlertRequest.safeParse({}))).toEqual([
      ['direction', MESSAGES.priceAlertDirectionRequired],
      ['price_per_gram', MESSAGES.orderPriceRequired],
    ]);
    expect(issues(CreatePriceAlertRequest.safeParse({ direction: 'sideways', price_per_gram: '' }))).toEqual([
      ['direction', MESSAGES.priceAlertDirectionRequired],
      ['price_per_gram', MESSAGES.orderPriceRequired],
    ]);
    expect(issues(CreatePriceAlertRequest.safeParse({ direction: 'above', price_per_gram: '9,999' }))).toEqual([
      ['price_per_gram', MESSAGES.orderPriceInvalid],
    ]);
  });

  it('reads "0" as zero, not as an empty field', () => {
    for (const zero of ['0', '0,00', 0]) {
      expect(issues(CreatePriceAlertRequest.safeParse({ direction: 'below', price_per_gram: zero }))).toEqual([
        ['price_per_gram', MESSAGES.priceAlertPriceZero],
      ]);
    }
  });

  it('refuses a price per gram above R$ 1.000,00, the way a person writes it', () => {
    expect(PRICE_ALERT_MAX_PER_GRAM_CENTS).toBe(100_000);
    const tooHigh = [['price_per_gram', MESSAGES.priceAlertPriceTooHigh('R$ 1.000,00')]];
    for (const price of ['99.999,00', '1.000,01', 'R$ 100.000,00', 99_999, 1000.01]) {
      expect(
        issues(CreatePriceAlertRequest.safeParse({ direction: 'above', price_per_gram: price })),
        String(price),
      ).toEqual(tooHigh);
    }
    for (const [price, cents] of [
      ['1.000,00', 100_000],
      ['1.000', 100_000],
      ['R$ 9,50', 950],
      [1000, 100_000],
    ] as const) {
      expect(CreatePriceAlertRequest.parse({ direction: 'above', price_per_gram: price }).price_per_gram_cents).toBe(
        cents,
      );
    }
  });

  it('takes a browser subscription with an http(s) endpoint and bounded keys', () => {
    const keys = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };
    expect(PushSubscriptionRequest.safeParse({ endpoint: 'https://push.example/abc', keys }).success).toBe(true);
    for (const bad of [
      { endpoint: 'javascript:alert(1)', keys },
      { endpoint: `https://push.example/${'x'.repeat(1000)}`, keys },
      { endpoint: 'https://push.example/abc', keys: { p256dh: 'x'.repeat(201), auth: 'a' } },
      { endpoint: 'https://push.example/abc' },
    ]) {
      const r = issues(PushSubscriptionRequest.safeParse(bad));
      expect(r.length).toBeGreaterThan(0);
      for (const [, message] of r) expect(message).toBe(MESSAGES.pushSubscriptionInvalid);
    }
  });
});
