// @vitest-environment jsdom
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '@/app/theme';
import { aCharge } from '@/testing/silver-fixtures';
import { ChargeBreakdown, rateText } from './charge-breakdown';

afterEach(cleanup);

// 2 × 50 g at R$ 6,00/g, minting R$ 25,00 a unit, insurance 0,5%, SEDEX R$ 24,90, PRATA10 (10% off the platform's
// charges, taken off minting first), ICMS 18%, PIS 1,65%, COFINS 7,6% inside SP: the server's figures.
const { totals, coupon } = aCharge(
  {
    silver_value: 600,
    price_per_gram: 6,
    minting_fee: 42.21,
    insurance_fee: 3,
    shipping_fee: 24.9,
    discount: 7.79,
    icms: 120.62,
    pis: 11.06,
    cofins: 50.93,
    total: 852.72,
  },
  { id: 1, code: 'PRATA10', transaction_fee: 0.25, discount_percent: 10 },
);
const explanation = {
  minting_fee: 50,
  insurance_fee: 3,
  shipping_fee: 24.9,
  units: 2,
  insurance_rate: 0.5,
  insured_value: 600,
  discount_rate: 10,
  discount_base: 77.9,
  tax_base: 670.11,
  icms_rate: 18,
  difal_rate: 0,
  pis_rate: 1.65,
  cofins_rate: 7.6,
  interstate: false,
  origin_state: 'SP',
  destination_state: 'SP',
};

const text = () => (screen.getByRole('region', { name: 'Resumo dos valores' }).textContent ?? '').replace(/\s+/g, ' ');

describe('ChargeBreakdown with the server’s explanation', () => {
  it('shows rates as rates of their bases, the coupon in its own words, and amounts that add up to the total', () => {
    render(
      <ThemeProvider theme={theme}>
        <ChargeBreakdown totals={totals} coupon={coupon} explanation={explanation} />
      </ThemeProvider>,
    );
    const shown = text();
    expect(shown).toContain('Cunhagem2 unidadesR$ 50,00');
    expect(shown).toContain('Seguro0,5% de R$ 600,00 de prataR$ 3,00');
    expect(shown).toContain('FreteR$ 24,90');
    expect(shown).toContain('PRATA10: 10% de desconto nas taxas da plataforma');
    expect(shown).toContain('cunhagem, seguro e frete: R$ 77,90− R$ 7,79');
    expect(shown).toContain('Subtotalbase dos impostosR$ 670,11');
    expect(shown).toContain('ICMS18% do subtotalR$ 120,62');
    expect(shown).toContain('PIS1,65% do subtotalR$ 11,06');
    expect(shown).toContain('COFINS7,6% do subtotalR$ 50,93');
    expect(shown).toContain('TotalR$ 852,72');
    // no line is a share of the total any more
    expect(shown).not.toMatch(/Frete\d/);
    // the figures on screen add up: 600 + 50 + 3 + 24,90 − 7,79 = 670,11; + taxes = 852,72
    expect(Math.round((600 + 50 + 3 + 24.9 - 7.79) * 100)).toBe(67011);
    expect(Math.round((670.11 + 120.62 + 11.06 + 50.93) * 100)).toBe(85272);
  });

  it('writes rates the way people do', () => {
    expect([rateText(18), rateText(0.5), rateText(1.65), rateText(7.6), rateText(10)]).toEqual([
      '18%',
      '0,5%',
      '1,65%',
      '7,6%',
      '10%',
    ]);
  });
});
