import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { CreatePriceAlertRequest, PushSubscriptionRequest } from './price-alerts';

const issues = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('price alert contracts', () => {
  it('reads the price as the order form does, in centavos', () => {
    expect(CreatePriceAlertRequest.parse({ direction: 'above', price_per_gram: '1.234,56' })).toEqual({
      direction: 'above',
      price_per_gram: 123_456,
    });
    expect(CreatePriceAlertRequest.parse({ direction: 'below', price_per_gram: 8.5 }).price_per_gram).toBe(850);
  });

  it('says what is missing or wrong, in Portuguese', () => {
    expect(issues(CreatePriceAlertRequest.safeParse({}))).toEqual([
      ['direction', MESSAGES.priceAlertDirectionRequired],
      ['price_per_gram', MESSAGES.orderPriceRequired],
    ]);
    expect(issues(CreatePriceAlertRequest.safeParse({ direction: 'sideways', price_per_gram: '0' }))).toEqual([
      ['direction', MESSAGES.priceAlertDirectionRequired],
      ['price_per_gram', MESSAGES.orderPriceRequired],
    ]);
    expect(issues(CreatePriceAlertRequest.safeParse({ direction: 'above', price_per_gram: '100.000,01' }))).toEqual([
      ['price_per_gram', MESSAGES.orderPriceTooHigh],
    ]);
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
