export {
  type AmountInputOptions,
  type AmountInputResult,
  type AmountUnit,
  formatAmountInput,
  parseAmountInput,
} from './amount-input';
export { CONFIRM_ABOVE_CENTS, needsConfirmation } from './confirmation';
export { type DepositLimitCents, depositLimitRefusal } from './deposit-limits';
export { decimalText } from './decimal-text';
export {
  exactValueCents,
  minorToDecimalText,
  perGramCents,
  silverValueCents,
  toMinorUnits,
} from './convert';
export {
  formatAveragePricePerGram,
  formatBRL,
  formatDecimalGrams,
  formatGrams,
  formatPercentBps,
  formatReais,
} from './format';
export {
  chargeFill,
  type FillCharge,
  type FillProgress,
  feeAndIof,
  HOUSE_RATES,
  maxBuyValue,
  NO_FILLS,
  type OrderRates,
  progressTotal,
} from './order-fills';
export { MINIMUM_FEE_CENTS, type OrderCost, type OrderCostInput, orderCost } from './order-cost';
export {
  minorToDecimal,
  type ParseDecimalFailure,
  type ParseDecimalOptions,
  type ParseDecimalResult,
  parseDecimal,
} from './parse';
export { mulDivHalfUp } from './rounding';
export { assertMinorUnits, type Centigrams, type Cents } from './units';
export {
  FREE_WITHDRAWALS_PER_MONTH,
  freeWithdrawalsLeft,
  MINIMUM_PIX_DEPOSIT_CENTS,
  WITHDRAWAL_FEE_CENTS,
  type WithdrawalFeeInput,
  withdrawalFee,
} from './withdrawal';
export {
  type SilverChargeInput,
  type SilverChargeItemInput,
  type SilverChargeLine,
  type SilverCharges,
  type SilverTaxRates,
  type SilverChargeTotals,
  chargeSharePercent,
  computeCharges,
  shareByWeight,
  unitPriceNoFreight,
} from './charges';
