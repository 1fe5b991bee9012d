// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { MESSAGES, type StatementLine } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '@/testing/render';
import { counterpartLabel, formatSignedAmount, statementTitle } from './labels';
import { CustomerStatementSection } from './customer-statement-section';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const line = (over: Partial<StatementLine>): StatementLine => ({
  transfer_id: 't1',
  created_at: '2026-03-01T12:00:00.000Z',
  currency: 'BRL',
  amount: 100,
  bucket: 'available',
  counterpart: 'pix:clearing',
  code: 'deposit.pix',
  ...over,
});

describe('statement labels', () => {
  it('names each code in Portuguese; holds by their transfer id; an unknown code as is', () => {
    const title = (code: string, transfer_id = 't') => statementTitle({ code, transfer_id });
    expect(title('deposit.pix')).toBe('Depósito Pix');
    expect(title('deposit.ted')).toBe('Depósito TED');
    expect(title('withdrawal.payout')).toBe('Retirada paga');
    expect(title('withdrawal.fee')).toBe('Tarifa de retirada');
    expect(title('withdrawal.refund')).toBe('Retirada devolvida');
    expect(title('demo.custody')).toBe('Custódia (demonstração)');
    expect(title('hold', 'withdrawal:7#hold')).toBe('Reserva');
    expect(title('release', 'withdrawal:7#release')).toBe('Reserva devolvida');
    expect(title('trade.value')).toBe('trade.value');
  });

  it('names the counterpart; signs and units the amount', () => {
    expect(counterpartLabel('pix:clearing')).toBe('Compensação Pix');
    expect(counterpartLabel('customer:12:held:BRL')).toBe('Saldo reservado');
    expect(counterpartLabel('customer:12:available:AG')).toBe('Saldo disponível');
    expect(counterpartLabel('revenue:withdrawal-fee')).toBe('Receita de tarifas de retirada');
    expect(counterpartLabel('algo:novo')).toBe('algo:novo');
    expect(formatSignedAmount({ amount: 1234.56, currency: 'BRL' })).toBe('+R$ 1.234,56');
    expect(formatSignedAmount({ amount: -9.9, currency: 'BRL' })).toBe('−R$ 9,90');
    expect(formatSignedAmount({ amount: 12.5, currency: 'AG' })).toBe('+12,50 g');
  });
});

describe('CustomerStatementSection', () => {
  it('shows the balances (reais and grams) and the lines, newest first, in Portuguese', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, {
        data: [
          line({ transfer_id: 'withdrawal:7#hold', code: 'hold', amount: -50, counterpart: 'customer:4:held:BRL' }),
          line({
            transfer_id: 'withdrawal:7#hold',
            code: 'hold',
            amount: 50,
            bucket: 'held',
            counterpart: 'customer:4:available:BRL',
          }),
          line({
            transfer_id: 'demo:custody:4',
            code: 'demo.custody',
            currency: 'AG',
            amount: 250,
            counterpart: 'vault',
          }),
          line({ transfer_id: 'deposit:3', amount: 100 }),
        ],
        total: 4,
        per_page: 25,
        balances: { BRL: { available: 50, held: 50 }, AG: { available: 250, held: 0 } },
      }),
    );
    renderRoute(<CustomerStatementSection customerId={4} />);
    const section = screen.getByRole('region', { name: 'Extrato' });
    expect(await within(section).findByText('Reais disponíveis')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Extrato do cliente' });
    await within(table).findByText('Depósito Pix');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent?.replace(/\s+/g, ' '));
    expect(rows).toEqual([
      expect.stringMatching(/Reserva.*Para: Saldo reservado.*−R\$ 50,00.*Reais · disponível/),
      expect.stringMatching(/Reserva.*De: Saldo disponível.*\+R\$ 50,00.*Reais · reservado/),
      expect.stringMatching(/Custódia \(demonstração\).*De: Cofre.*\+250,00 g.*Prata · disponível/),
      expect.stringMatching(/Depósito Pix.*De: Compensação Pix.*\+R\$ 100,00.*Reais · disponível/),
    ]);
    const balances = section.querySelector('dl')!.textContent?.replace(/\s+/g, ' ');
    expect(balances).toContain('Reais disponíveisR$ 50,00');
    expect(balances).toContain('Prata disponível250,00 g');
    expect(balances).toContain('Prata reservada0,00 g');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/admin/customers/4/statement?page=1');
  });

  it('an operator without finance or compliance reads why', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { code: 'FORBIDDEN', message: MESSAGES.forbiddenRole }));
    renderRoute(<CustomerStatementSection customerId={4} />);
    expect(await screen.findByText(MESSAGES.forbiddenRole)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
