/**
 * Formatting for the screen. Everything comes from @prata/domain so the browser and the server print money,
 * grams, documents and dates the same way; this file only adds the API-edge conversions.
 */
import { formatBRL } from '@prata/domain';

export {
  brDateToIso,
  formatBRL,
  formatCelular,
  formatCep,
  formatCnpj,
  formatCpf,
  formatDateTimeBR,
  formatGrams,
  isoToBrDate,
  onlyDigits,
} from '@prata/domain';

/**
 * The API speaks reais and grams as dot-decimal numbers (1234.56); formatting takes integer centavos or
 * centigrams. Rounding at the edge avoids float noise (1234.56 * 100 = 123455.99999999999).
 */
export function toMinorUnits(value: number): number {
  return Math.round(value * 100);
}

/** The API's reais (a dot-decimal number) as the customer reads them: 1234.56 → 'R$ 1.234,56'. */
export function formatReais(reais: number): string {
  return formatBRL(toMinorUnits(reais));
}
