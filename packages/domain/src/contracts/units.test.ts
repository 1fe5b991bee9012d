import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import {
  AveragePriceParams,
  CouponRequest,
  CreateSavingPlanRequest,
  CreateSilverTransferRequest,
  HouseFundingRequest,
  LimitReviewRequest,
  MarketSettingsRequest,
  PixDepositRequest,
  PlaceOrderRequest,
  ShippingQuoteRequest,
  SilverSettingsRequest,
  WithdrawalRequest,
} from './index';

describe('a parsed request names the unit its numbers hold; the wire keeps the spec’s names', () => {
  it('an order: reais per gram, grams and the total as centavos per gram, centigrams and centavos', () => {
    const parsed = PlaceOrderRequest.parse({ price_per_gram: '10,50', quantity_grams: '1,5', total_amount: '15,75' });
    expect(parsed).toEqual({ price_per_gram_cents: 1050, quantity_cg: 150, total_amount_cents: 1575 });
    expect(Object.keys(parsed)).not.toContain('quantity_grams');
  });

  it('an error keeps the wire’s field name, where the screen shows it', () => {
    const result = PlaceOrderRequest.safeParse({ price_per_gram: '10,50', quantity_grams: 'abc', total_amount: '1' });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['quantity_grams']);
    const amount = PixDepositRequest.safeParse({ amount: '' });
    expect(amount.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['amount', MESSAGES.depositAmountRequired],
    ]);
  });

  it('the path’s grams, the rates, the house’s funding by currency, money and silver moved by a customer', () => {
    expect(AveragePriceParams.parse({ grams: '2' })).toEqual({ quantity_cg: 200 });
    expect(MarketSettingsRequest.parse({ transaction_fee: '0,5', iof_fee: '0,38', minimum_fee: '5' })).toEqual({
      transaction_fee_bps: 50,
      iof_fee_bps: 38,
      minimum_fee_cents: 500,
    });
    expect(HouseFundingRequest.parse({ currency: 'AG', amount: '1,25' })).toEqual({ currency: 'AG', amount_cg: 125 });
    expect(HouseFundingRequest.parse({ currency: 'BRL', amount: '1,25' })).toEqual({
      currency: 'BRL',
      amount_cents: 125,
    });
    expect(PixDepositRequest.parse({ amount: 'R$ 1.500,00' })).toEqual({ amount_cents: 150_000 });
    expect(
      WithdrawalRequest.parse({ verificationCode: '123456', bankingInformationId: 7, amount: '1.234,56' }),
    ).toEqual({ verificationCode: '123456', bankingInformationId: 7, amount_cents: 123_456 });
    expect(ShippingQuoteRequest.parse({ quantity_grams: '1000', address: { cep: '01310-100' } })).toEqual({
      quantity_cg: 100_000,
      address: { cep: '01310100' },
    });
    expect(
      CreateSilverTransferRequest.parse({
        verificationCode: '123456',
        receiver_id: 3,
        receiver_email: 'maria@example.com',
        quantity_grams: '0,01',
      }),
    ).toMatchObject({ receiver_id: 3, quantity_cg: 1 });
  });

  it('the back office’s rates and limits, a saving plan’s amount', () => {
    expect(CouponRequest.parse({ code: 'prata10', transaction_fee: '1', discount_percent: '10' })).toMatchObject({
      code: 'PRATA10',
      transaction_fee_bps: 100,
      discount_bps: 1000,
    });
    expect(
      SilverSettingsRequest.parse({
        origin_state: 'sp',
        pix_expiry_minutes: 30,
        icms: [{ state: 'rj', internal_rate: '20', interstate_rate: '12' }],
      }).icms,
    ).toEqual([{ state: 'RJ', internal_rate_bps: 2000, interstate_rate_bps: 1200 }]);
    expect(LimitReviewRequest.parse({ decision: 'approve', approved_limit: '150.000,00' })).toEqual({
      decision: 'approve',
      approved_limit_cents: 15_000_000,
    });
    expect(
      CreateSavingPlanRequest.parse({ amount: '100', frequency: 'weekly', weekday: 1, payment_method: 'balance' }),
    ).toMatchObject({ amount_cents: 10_000 });
  });
});
