// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderQuoteResponse } from '../api/types';
import { limitSummary, quoteSummary, ratesOf } from '../summary';
import { OrderSummary } from './order-summary';

afterEach(cleanup);

const rates = ratesOf({ transaction_fee: 0.5, iof_fee: 0.38, minimum_fee: 5 });

/** A market sell of 6 g that the book fills 5 g at R$ 8,94 and 1 g at R$ 8,95: R$ 53,65, the server's quote. */
const twoPrices: OrderQuoteResponse = {
  type: 'sell',
  quantity_grams: 6,
  available: true,
  price_per_gram: 8.94,
  value: 53.65,
  transaction_fee: 5,
  iof_fee: 0.2,
  total: 48.45,
  vet_per_gram: 8.08,
  allowed: true,
};

const valueLine = () => screen.getByText(/^Valor \(/).closest('div')?.textContent;

describe('OrderSummary', () => {
  it("writes a market order's average price so that grams × price is the value shown", () => {
    const summary = quoteSummary(twoPrices, rates);
    if (!summary) throw new Error('no summary');
    render(<OrderSummary summary={summary} rates={rates} />);
    // 6 × 8,94 would be R$ 53,64: the average is R$ 8,941666…, and 6 × 8,942 rounds to R$ 53,65
    expect(valueLine()).toBe('Valor (6,00 g × R$ 8,942)R$ 53,65');
  });

  it("keeps a limit order's own price, and two decimals when they are enough", () => {
    const summary = limitSummary('buy', 894, 600, rates);
    if (!summary) throw new Error('no summary');
    render(<OrderSummary summary={summary} rates={rates} />);
    expect(valueLine()).toBe('Valor (6,00 g × R$ 8,94)R$ 53,64');
  });

  it('is a polite, atomic live region in the order form, and no live region in the confirmation dialog', () => {
    const summary = limitSummary('buy', 894, 600, rates);
    if (!summary) throw new Error('no summary');
    const { unmount } = render(<OrderSummary summary={summary} rates={rates} live />);
    const form = screen.getByRole('region', { name: 'Resumo da ordem' });
    expect(form.getAttribute('aria-live')).toBe('polite');
    expect(form.getAttribute('aria-atomic')).toBe('true');
    unmount();
    render(<OrderSummary summary={summary} rates={rates} title="Resumo da compra" />);
    const dialog = screen.getByRole('region', { name: 'Resumo da compra' });
    expect(dialog.hasAttribute('aria-live')).toBe(false);
    expect(dialog.hasAttribute('aria-atomic')).toBe(false);
  });
});
