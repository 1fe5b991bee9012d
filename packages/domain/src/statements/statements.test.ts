import { describe, expect, it } from 'vitest';
import {
  addStatementMonths,
  defaultStatementMonth,
  statementDescription,
  statementMonthLabel,
  statementMonthOf,
  statementMonthRange,
  statementMonths,
} from './index';

describe('statement months (Brasília)', () => {
  it('an instant belongs to its Brasília month: 23:30 of 31 January in São Paulo is January', () => {
    expect(statementMonthOf(new Date('2026-02-01T02:30:00Z'))).toBe('2026-01');
    expect(statementMonthOf(new Date('2026-02-01T03:00:00Z'))).toBe('2026-02');
  });

  it('a month is [00:00 of its first day, 00:00 of the next) in Brasília, December into January', () => {
    const { from, to } = statementMonthRange('2026-12');
    expect(from.toISOString()).toBe('2026-12-01T03:00:00.000Z');
    expect(to.toISOString()).toBe('2027-01-01T03:00:00.000Z');
    expect(addStatementMonths('2026-01', -1)).toBe('2025-12');
    expect(() => statementMonthRange('2026-13')).toThrow(RangeError);
  });

  it('opens on the last complete month and offers every month since the account opened', () => {
    const now = new Date('2026-11-28T03:00:00Z');
    expect(defaultStatementMonth(now)).toBe('2026-10');
    expect(statementMonths(new Date('2026-08-15T12:00:00Z'), now)).toEqual([
      '2026-11',
      '2026-10',
      '2026-09',
      '2026-08',
    ]);
    // opened this month: the last complete month is still offered (zero balances)
    expect(statementMonths(new Date('2026-11-02T12:00:00Z'), now)).toEqual(['2026-11', '2026-10']);
    expect(statementMonths(new Date('2000-01-01T12:00:00Z'), now)).toHaveLength(120);
  });

  it('names the month in Portuguese', () => {
    expect(statementMonthLabel('2026-03')).toBe('março de 2026');
  });
});

describe('statement descriptions', () => {
  it('says buy or sell from the direction, and never fails on an unknown code', () => {
    expect(statementDescription('trade.value', 'out')).toBe('Compra de prata: valor pago');
    expect(statementDescription('trade.silver', 'out')).toBe('Venda de prata: gramas entregues');
    expect(statementDescription('trade.iof', 'out')).toBe('IOF');
    expect(statementDescription('something.new', 'in')).toBe('Movimentação');
  });
});
