import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { CreateSavingPlanRequest, isoDateField, optionalInstantField, optionalIsoDateField } from './index';

const messages = (result: { error?: { issues: Array<{ message: string }> } }) =>
  (result.error?.issues ?? []).map((i) => i.message);

describe('a day the API takes is a real calendar date', () => {
  it('refuses a day its month does not have, which Date.parse rolls into the next month', () => {
    expect(Number.isNaN(Date.parse('2027-02-31'))).toBe(false);
    const required = isoDateField('obrigatória', 'inválida');
    const optional = optionalIsoDateField('inválida');
    for (const day of [
      '2027-02-31',
      '2028-02-30',
      '2027-04-31',
      '2027-13-01',
      '2027-00-10',
      '1899-12-31',
      '27-02-01',
    ]) {
      expect(messages(required.safeParse(day)), day).toEqual(['inválida']);
      expect(messages(optional.safeParse(day)), day).toEqual(['inválida']);
    }
    expect(required.parse('2028-02-29')).toBe('2028-02-29');
    expect(optional.parse('2028-02-29')).toBe('2028-02-29');
  });

  it('an optional day absent, null or empty is null', () => {
    const optional = optionalIsoDateField('inválida');
    expect([undefined, null, ''].map((v) => optional.parse(v))).toEqual([null, null, null]);
  });

  it("a saving plan's end date of 31 February is refused in the spec's words", () => {
    const plan = { amount: '50,00', frequency: 'monthly', month_day: 5, payment_method: 'balance' };
    expect(messages(CreateSavingPlanRequest.safeParse({ ...plan, end_date: '2027-02-31' }))).toEqual([
      MESSAGES.savingEndDateInvalid,
    ]);
    expect(CreateSavingPlanRequest.parse({ ...plan, end_date: '2027-02-28' }).end_date).toBe('2027-02-28');
  });
});

describe('an instant the API takes is one a timestamptz column keeps', () => {
  it('refuses the year 0 and what is past 9999, which the ISO pattern alone takes; keeps the offset as written', () => {
    const instant = optionalInstantField('inválida');
    for (const v of [
      '0000-01-01T00:00:00Z',
      '1899-12-31T23:59:59Z',
      '9999-12-31T23:00:00-03:00',
      '2027-02-29T00:00:00Z',
    ])
      expect(messages(instant.safeParse(v)), v).toEqual(['inválida']);
    expect(instant.parse('2027-01-31T12:00:00-03:00')).toBe('2027-01-31T12:00:00-03:00');
    expect([undefined, null].map((v) => instant.parse(v))).toEqual([null, null]);
  });
});
