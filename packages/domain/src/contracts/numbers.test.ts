import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import {
  FaqRequest,
  IdParams,
  IrpfYearParams,
  PageQuery,
  CreateSilverTransferRequest,
  StockAdjustRequest,
  TicketRatingRequest,
  WithdrawalRequest,
} from './index';

const messages = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('number fields take a number or the text of one, nothing else', () => {
  it('a rating of true, [4], null or {} is refused with the field message; 4 and "4" are 4 stars', () => {
    for (const stars of [true, false, [4], null, {}]) {
      expect(messages(TicketRatingRequest.safeParse({ stars })), JSON.stringify(stars)).toEqual([
        ['stars', MESSAGES.ticketStarsRequired],
      ]);
    }
    expect(TicketRatingRequest.parse({ stars: 4 }).stars).toBe(4);
    expect(TicketRatingRequest.parse({ stars: ' 4 ' }).stars).toBe(4);
    expect(messages(TicketRatingRequest.safeParse({ stars: '' }))).toEqual([['stars', MESSAGES.ticketStarsRequired]]);
  });

  it('an id of true is not the user or the bank account number 1', () => {
    const transfer = { verificationCode: '123456', receiver_email: 'a@b.com.br', quantity_grams: '1,00' };
    expect(CreateSilverTransferRequest.safeParse({ ...transfer, receiver_id: true }).success).toBe(false);
    expect(CreateSilverTransferRequest.safeParse({ ...transfer, receiver_id: 7 }).success).toBe(true);
    const withdrawal = { verificationCode: '123456', amount: '10,00' };
    expect(WithdrawalRequest.safeParse({ ...withdrawal, bankingInformationId: true }).success).toBe(false);
    expect(WithdrawalRequest.safeParse({ ...withdrawal, bankingInformationId: [3] }).success).toBe(false);
    expect(WithdrawalRequest.safeParse({ ...withdrawal, bankingInformationId: '3' }).success).toBe(true);
  });

  it('a default still applies when the field is left out, not when it is false', () => {
    const faq = { question: 'Como compro?', answer: '<p>Pelo Pix.</p>' };
    expect(FaqRequest.parse(faq).position).toBe(0);
    expect(FaqRequest.safeParse({ ...faq, position: false }).success).toBe(false);
    expect(messages(StockAdjustRequest.safeParse({ delta: true }))).toEqual([['delta', MESSAGES.stockInvalid]]);
    expect(StockAdjustRequest.parse({ delta: '-3' }).delta).toBe(-3);
  });
});

describe('ids, pages and years in a path or a query are plain decimal digits', () => {
  it('reads "4" and 4 as 4, and refuses every other way of writing 4 with one message', () => {
    expect(IdParams.parse({ id: '4' })).toEqual({ id: 4 });
    expect(IdParams.parse({ id: 4 })).toEqual({ id: 4 });
    expect(IdParams.parse({ id: '9007199254740991' })).toEqual({ id: Number.MAX_SAFE_INTEGER });
    for (const id of ['0x4', '0b100', '0o4', '4e0', '+4', '04', '4.0', '4 ', ' 4', '', '-1', '0', '1.5', '٤', 'abc']) {
      expect(messages(IdParams.safeParse({ id })), JSON.stringify(id)).toEqual([['id', MESSAGES.idInvalid]]);
    }
    const tooBig = messages(IdParams.safeParse({ id: '9007199254740992' }));
    expect(new Set(tooBig.map(([field, message]) => `${field}: ${message}`))).toEqual(
      new Set([`id: ${MESSAGES.idInvalid}`]),
    );
  });

  it('a page defaults to 1; a year stays in its range', () => {
    expect(PageQuery.parse({})).toEqual({ page: 1 });
    expect(PageQuery.parse({ page: '3' })).toEqual({ page: 3 });
    for (const page of ['1e309', 'NaN', '0x2', '0', '100001']) {
      expect(messages(PageQuery.safeParse({ page })), page).toEqual([['page', MESSAGES.numberInvalid]]);
    }
    expect(IrpfYearParams.parse({ year: '2025' })).toEqual({ year: 2025 });
    expect(IrpfYearParams.safeParse({ year: '0x7e9' }).success).toBe(false);
  });
});
