import { perGramCents } from './convert';
import { mulDivHalfUp } from './rounding';
import { assertMinorUnits } from './units';

/**
 * The charges of a physical-silver order: a purchase of bars (the silver value is charged) or a withdrawal of bars
 * from the customer's custody (the grams come from the balance; the silver value is not charged). docs/silver.md
 * has the same formulas in prose. Every amount is an integer (centavos, centigrams, basis points: 1 bp = 0,01%) and
 * every rounding is `mulDivHalfUp` (half-up), once per named line.
 *
 * Per item (product type × quantity):
 * - grams          = grams per unit × quantity
 * - silver value   = the order's silver value shared by grams (purchase only; 0 for a custody withdrawal)
 * - minting        = minting fee per unit × quantity
 * - insurance      = market value of the item's grams × insurance rate (a custody withdrawal insures the bars too)
 * - shipping       = the order's freight shared by grams
 * - discount       = (minting + insurance + shipping) × coupon discount rate, taken off those three lines in that
 *                    order (never off the silver value or the taxes); the lines answered are after the discount
 * - base           = silver value + minting + insurance + shipping (after the discount): the operation's value
 * - ICMS           = base × ICMS rate (the destination's internal rate inside the origin state; the interstate rate
 *                    otherwise)
 * - DIFAL          = base × (destination's internal rate − interstate rate), interstate sales only, never negative
 * - PIS, COFINS    = base × their rates (per product type)
 * - total          = base + ICMS + DIFAL + PIS + COFINS
 * Taxes are added on top of the base ("por fora"): the customer sees each one as its own line.
 *
 * Sharing an order amount by grams uses running totals (share of item i = round(A × G≤i / G) − round(A × G<i / G)),
 * so the shares add up to the amount exactly and each is within one centavo of its exact part.
 */

export type SilverChargeItemInput = {
  productTypeId: number;
  /** units, a positive integer */
  quantity: number;
  /** centigrams per unit */
  gramsPerUnitCg: number;
  /** centavos per unit */
  mintingFeePerUnitCents: number;
  /** basis points of the market value */
  insuranceRateBps: number;
  pisRateBps: number;
  cofinsRateBps: number;
};

export type SilverTaxRates = {
  /** the sale stays in the origin state */
  intrastate: boolean;
  /** the destination state's internal ICMS rate, bps */
  internalRateBps: number;
  /** the interstate ICMS rate from the origin to the destination, bps (ignored inside the state) */
  interstateRateBps: number;
};

export type SilverChargeInput = {
  items: readonly SilverChargeItemInput[];
  /** centavos: the market value of ALL the order's grams at the house's current asks, rounded once */
  marketValueCents: number;
  /** charge the silver value (a purchase) or not (a withdrawal from custody) */
  includeSilverValue: boolean;
  /** the freight of the whole order */
  shippingCents: number;
  taxes: SilverTaxRates;
  /** bps off the platform's own charges (minting, insurance, freight); 0 without a coupon */
  discountBps: number;
};

export type SilverChargeLine = {
  productTypeId: number;
  /** units of bars */
  quantity: number;
  gramsCg: number;
  /** the item's market value / grams: what the silver costs now, charged or not */
  pricePerGramCents: number;
  /** charged for the silver (0 in a custody withdrawal) */
  silverValueCents: number;
  mintingFeeCents: number;
  shippingFeeCents: number;
  insuranceFeeCents: number;
  /** taken off minting, insurance and freight by the coupon (the three lines are after it) */
  discountCents: number;
  /** the three lines before the coupon (what a breakdown shows above the coupon's own line) */
  mintingGrossCents: number;
  insuranceGrossCents: number;
  shippingGrossCents: number;
  /** silver value + minting + insurance + freight after the coupon: what ICMS, DIFAL, PIS and COFINS are rates of */
  taxBaseCents: number;
  icmsCents: number;
  difalCents: number;
  pisCents: number;
  cofinsCents: number;
  totalCents: number;
};

export type SilverChargeTotals = Omit<SilverChargeLine, 'productTypeId' | 'quantity'> & { quantity: number };

export type SilverCharges = { items: SilverChargeLine[]; totals: SilverChargeTotals };

const BPS = 10_000;

function checkRate(bps: number, label: string) {
  assertMinorUnits(bps, label);
  if (bps < 0 || bps > BPS) throw new RangeError(`${label} must be between 0 and 10000 bps`);
}

/** Shares `amount` over `weights` by running totals: the shares add up to `amount` exactly. */
export function shareByWeight(amount: number, weights: readonly number[]): number[] {
  assertMinorUnits(amount, 'amount');
  const total = weights.reduce((s, w) => s + w, 0);
  if (amount < 0 || weights.some((w) => !Number.isSafeInteger(w) || w < 0)) {
    throw new RangeError('shareByWeight takes non-negative integers');
  }
  if (total === 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  let before = 0;
  let given = 0;
  return weights.map((w) => {
    before += w;
    const upTo = mulDivHalfUp(amount, before, total);
    const share = upTo - given;
    given = upTo;
    return share;
  });
}

/** The charges of an order (see above). Throws RangeError on input no caller should build. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: spec 3 §7's formula, step by step as written
export function computeCharges(input: SilverChargeInput): SilverCharges {
  if (input.items.length === 0) throw new RangeError('computeCharges needs at least one item');
  assertMinorUnits(input.marketValueCents, 'marketValueCents');
  assertMinorUnits(input.shippingCents, 'shippingCents');
  if (input.marketValueCents < 0 || input.shippingCents < 0) throw new RangeError('amounts must not be negative');
  checkRate(input.discountBps, 'discountBps');
  checkRate(input.taxes.internalRateBps, 'internalRateBps');
  checkRate(input.taxes.interstateRateBps, 'interstateRateBps');
  for (const item of input.items) {
    if (!Number.isSafeInteger(item.quantity) || item.quantity <= 0) throw new RangeError('quantity must be positive');
    assertMinorUnits(item.gramsPerUnitCg, 'gramsPerUnitCg');
    assertMinorUnits(item.mintingFeePerUnitCents, 'mintingFeePerUnitCents');
    if (item.gramsPerUnitCg <= 0 || item.mintingFeePerUnitCents < 0) throw new RangeError('invalid product type');
    checkRate(item.insuranceRateBps, 'insuranceRateBps');
    checkRate(item.pisRateBps, 'pisRateBps');
    checkRate(item.cofinsRateBps, 'cofinsRateBps');
  }

  const gramsCg = input.items.map((i) => i.gramsPerUnitCg * i.quantity);
  const marketValuesCents = shareByWeight(input.marketValueCents, gramsCg);
  const shippingsCents = shareByWeight(input.shippingCents, gramsCg);
  const { intrastate, internalRateBps, interstateRateBps } = input.taxes;
  const icmsRateBps = intrastate ? internalRateBps : interstateRateBps;
  const difalRateBps = intrastate ? 0 : Math.max(0, internalRateBps - interstateRateBps);

  const items = input.items.map((item, i): SilverChargeLine => {
    const lineCg = gramsCg[i]!;
    const marketCents = marketValuesCents[i]!;
    const silverValueCents = input.includeSilverValue ? marketCents : 0;
    const mintingGrossCents = item.mintingFeePerUnitCents * item.quantity;
    const insuranceGrossCents = mulDivHalfUp(marketCents, item.insuranceRateBps, BPS);
    const shippingGrossCents = shippingsCents[i]!;
    const discountCents = mulDivHalfUp(
      mintingGrossCents + insuranceGrossCents + shippingGrossCents,
      input.discountBps,
      BPS,
    );
    // the discount comes off minting first, then insurance, then freight
    const offMintingCents = Math.min(discountCents, mintingGrossCents);
    const offInsuranceCents = Math.min(discountCents - offMintingCents, insuranceGrossCents);
    const offShippingCents = discountCents - offMintingCents - offInsuranceCents;
    const mintingFeeCents = mintingGrossCents - offMintingCents;
    const insuranceFeeCents = insuranceGrossCents - offInsuranceCents;
    const shippingFeeCents = shippingGrossCents - offShippingCents;
    const taxBaseCents = silverValueCents + mintingFeeCents + insuranceFeeCents + shippingFeeCents;
    const icmsCents = mulDivHalfUp(taxBaseCents, icmsRateBps, BPS);
    const difalCents = mulDivHalfUp(taxBaseCents, difalRateBps, BPS);
    const pisCents = mulDivHalfUp(taxBaseCents, item.pisRateBps, BPS);
    const cofinsCents = mulDivHalfUp(taxBaseCents, item.cofinsRateBps, BPS);
    return {
      productTypeId: item.productTypeId,
      quantity: item.quantity,
      gramsCg: lineCg,
      pricePerGramCents: perGramCents(marketCents, lineCg),
      silverValueCents,
      mintingFeeCents,
      shippingFeeCents,
      insuranceFeeCents,
      discountCents,
      mintingGrossCents,
      insuranceGrossCents,
      shippingGrossCents,
      taxBaseCents,
      icmsCents,
      difalCents,
      pisCents,
      cofinsCents,
      totalCents: taxBaseCents + icmsCents + difalCents + pisCents + cofinsCents,
    };
  });

  const sum = (key: keyof SilverChargeLine) => items.reduce((s, line) => s + (line[key] as number), 0);
  const totalCg = sum('gramsCg');
  const totals: SilverChargeTotals = {
    quantity: sum('quantity'),
    gramsCg: totalCg,
    pricePerGramCents: perGramCents(input.marketValueCents, totalCg),
    silverValueCents: sum('silverValueCents'),
    mintingFeeCents: sum('mintingFeeCents'),
    shippingFeeCents: sum('shippingFeeCents'),
    insuranceFeeCents: sum('insuranceFeeCents'),
    discountCents: sum('discountCents'),
    mintingGrossCents: sum('mintingGrossCents'),
    insuranceGrossCents: sum('insuranceGrossCents'),
    shippingGrossCents: sum('shippingGrossCents'),
    taxBaseCents: sum('taxBaseCents'),
    icmsCents: sum('icmsCents'),
    difalCents: sum('difalCents'),
    pisCents: sum('pisCents'),
    cofinsCents: sum('cofinsCents'),
    totalCents: sum('totalCents'),
  };
  return { items, totals };
}

/**
 * A line's share of the total as the breakdown shows it (spec 1 §9: "their share of the total shown to 1 decimal as
 * a percentage"): tenths of a percent, half-up; 0 when the total is 0. 1234 of 10000 → 12.3.
 */
export function chargeSharePercent(lineCents: number, totalCents: number): number {
  assertMinorUnits(lineCents, 'lineCents');
  assertMinorUnits(totalCents, 'totalCents');
  if (totalCents <= 0 || lineCents <= 0) return 0;
  return mulDivHalfUp(lineCents, 1000, totalCents) / 10;
}

/** The unit price a catalogue card shows ('no Pix'): one unit bought now, without freight. */
export function unitPriceNoFreight(input: {
  item: Omit<SilverChargeItemInput, 'quantity' | 'productTypeId'>;
  marketValueCents: number;
  taxes: SilverTaxRates;
}): number {
  return computeCharges({
    items: [{ ...input.item, productTypeId: 0, quantity: 1 }],
    marketValueCents: input.marketValueCents,
    includeSilverValue: true,
    shippingCents: 0,
    taxes: input.taxes,
    discountBps: 0,
  }).totals.totalCents;
}
