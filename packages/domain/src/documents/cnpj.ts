import { applyPattern } from './mask';

const CNPJ_LENGTH = 14;
const DV1_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const DV2_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** Removes the mask characters (dot, slash, hyphen, whitespace) and uppercases, keeping letters for the 2026 format. */
export function normalizeCnpj(value: string): string {
  return value.replace(/[./\-\s]/g, '').toUpperCase();
}

/**
 * RFB's mod-11 check digit. Each character is worth its ASCII code minus 48, so digits keep their value and
 * A=17 … Z=42 (IN RFB 2.229/2024, alphanumeric CNPJ from July 2026); numeric CNPJs give the same result as before.
 */
function cnpjCheckDigit(chars: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < chars.length; i += 1) {
    sum += (chars.charCodeAt(i) - 48) * weights[i]!;
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/**
 * Accepts numeric (`11.222.333/0001-81`) and alphanumeric (`12.ABC.345/01DE-35`) CNPJs, masked or not, in any
 * letter case: 12 characters in [0-9A-Z] then 2 numeric check digits. All-same characters are rejected.
 */
export function isValidCnpj(value: string): boolean {
  const cnpj = normalizeCnpj(value);
  if (cnpj.length !== CNPJ_LENGTH || !/^[0-9A-Z]{12}\d{2}$/.test(cnpj)) return false;
  if (/^(.)\1{13}$/.test(cnpj)) return false;
  const base = cnpj.slice(0, 12);
  const first = cnpjCheckDigit(base, DV1_WEIGHTS);
  const second = cnpjCheckDigit(base + String(first), DV2_WEIGHTS);
  return cnpj.slice(12) === `${first}${second}`;
}

/** `12ABC34501DE35` → `12.ABC.345/01DE-35`; works for numeric and alphanumeric CNPJs; partial input formats what it can. */
export function formatCnpj(value: string): string {
  const chars = normalizeCnpj(value)
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, CNPJ_LENGTH);
  return applyPattern(chars, '##.###.###/####-##');
}
