/**
 * Formatting for the screen. Everything comes from @prata/domain so the browser and the server print money,
 * grams, documents and dates the same way; this file only adds the API-edge conversions.
 */
// The API speaks reais and grams as dot-decimal numbers (1234.56); toMinorUnits turns them into the integers the
// domain's formatting takes (packages/domain/src/money/convert.ts).
export {
  formatBRL,
  formatDateTimeBR,
  formatGrams,
  formatReais,
  toMinorUnits,
} from '@prata/domain';
