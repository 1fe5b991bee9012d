import {
  formatAveragePricePerGram,
  formatBRL,
  type OrderSide,
  orderCost,
  parseAmountInput,
  parseDecimal,
} from '@prata/domain';
import { toMinorUnits } from '@/lib/format';
import type { MarketRates, OrderQuoteResponse } from './api/types';

/** The market's rates as orderCost takes them: basis points and centavos (the API sends percents and reais). */
export type Rates = { feeRateBps: number; iofRateBps: number; minimumFeeCents: number };

export function ratesOf(market: MarketRates): Rates {
  return {
    feeRateBps: toMinorUnits(market.transaction_fee),
    iofRateBps: toMinorUnits(market.iof_fee),
    minimumFeeCents: toMinorUnits(market.minimum_fee),
  };
}

/** What the summary of an order shows (spec 2 §2, §9), in minor units. */
export type OrderSummary = {
  side: OrderSide;
  pricePerGramCents: number;
  /**
   * The price the value line multiplies the grams by: a limit order's own price; a market order's average over the
   * book's prices, with as many decimals as make "grams × price = value" true (6,00 g × R$ 8,942 = R$ 53,65)
   */
  pricePerGramText: string;
  quantityCentigrams: number;
  valueCents: number;
  feeCents: number;
  iofCents: number;
  /** buy: the total to pay; sell: the net to receive */
  totalCents: number;
  vetPerGramCents: number;
  /** a sell only when its net is above zero (spec 2 §4); a buy always */
  allowed: boolean;
  /** the fee's percentage is shown only when the fee is above the minimum (spec 2 §9) */
  feeAboveMinimum: boolean;
};

/** A typed amount (dot-decimal text from the masked fields) in minor units, or null when it is empty or not valid. */
export function typedMinor(text: string | number | undefined, max: number): number | null {
  // numbers come from the API; text from the fields is read as the fields read it
  const parsed = typeof text === 'number' ? parseDecimal(text, { max }) : parseAmountInput(text ?? '', { max });
  return parsed.ok ? parsed.minor : null;
}

/**
 * The summary of a limit order, or of a row of the table taken, computed here with the server's own function
 * (orderCost), so the totals agree to the centavo. Null unless price × quantity is above 0 (spec 2 §4).
 */
export function limitSummary(
  side: OrderSide,
  pricePerGramCents: number | null,
  quantityCentigrams: number | null,
  rates: Rates,
): OrderSummary | null {
  if (!pricePerGramCents || !quantityCentigrams || pricePerGramCents <= 0 || quantityCentigrams <= 0) return null;
  const cost = orderCost({ side, pricePerGramCents, quantityCentigrams, ...rates });
  if (cost.valueCents <= 0) return null;
  return {
    side,
    pricePerGramCents,
    pricePerGramText: formatBRL(pricePerGramCents),
    quantityCentigrams,
    ...cost,
    feeAboveMinimum: cost.feeCents > rates.minimumFeeCents,
  };
}

/** The summary of a market order: the server's quote, null when the book cannot fill it. */
export function quoteSummary(quote: OrderQuoteResponse, rates: Rates): OrderSummary | null {
  if (!quote.available || quote.value <= 0) return null;
  const feeCents = toMinorUnits(quote.transaction_fee);
  const quantityCentigrams = toMinorUnits(quote.quantity_grams);
  const valueCents = toMinorUnits(quote.value);
  return {
    side: quote.type,
    pricePerGramCents: toMinorUnits(quote.price_per_gram),
    pricePerGramText: formatAveragePricePerGram(valueCents, quantityCentigrams),
    quantityCentigrams,
    valueCents,
    feeCents,
    iofCents: toMinorUnits(quote.iof_fee),
    totalCents: toMinorUnits(quote.total),
    vetPerGramCents: toMinorUnits(quote.vet_per_gram),
    allowed: quote.allowed,
    feeAboveMinimum: feeCents > rates.minimumFeeCents,
  };
}
