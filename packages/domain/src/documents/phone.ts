import { onlyDigits } from '../text';
import { applyPattern } from './mask';

/**
 * The 67 area codes (DDD) in use in Brazil (ANATEL, Plano Geral de Códigos Nacionais). Not every number in
 * 11-99 is one: 20, 23, 25, 26, 29, 30, 36, 39, 40, 50, 52, 56-60, 70, 72, 76, 78, 80 and 90 are unassigned.
 */
const DDD_GROUPS = [
  '11 12 13 14 15 16 17 18 19', // SP
  '21 22 24 27 28', // RJ, ES
  '31 32 33 34 35 37 38', // MG
  '41 42 43 44 45 46 47 48 49', // PR, SC
  '51 53 54 55', // RS
  '61 62 63 64 65 66 67 68 69', // DF, GO, TO, MT, MS, AC, RO
  '71 73 74 75 77 79', // BA, SE
  '81 82 83 84 85 86 87 88 89', // PE, AL, PB, RN, CE, PI
  '91 92 93 94 95 96 97 98 99', // PA, AM, RR, AP, MA
];
export const DDDS: ReadonlySet<string> = new Set(DDD_GROUPS.join(' ').split(' '));

/**
 * A Brazilian mobile number: 11 digits, a DDD in use, then 9 (every mobile number has had the leading 9 since
 * 2016). Masked or digits only; letters or a +55 prefix make it invalid.
 */
export function isValidCelular(value: string): boolean {
  if (/[^\d()\-.\s]/.test(value)) return false;
  const digits = onlyDigits(value);
  return digits.length === 11 && DDDS.has(digits.slice(0, 2)) && digits[2] === '9';
}

/**
 * The way Brazilians write phone numbers (ANATEL, the banks' apps): `11987654321` → `(11) 98765-4321`, a landline's
 * 10 digits `1134567890` → `(11) 3456-7890`. The spec's `(##) # #### ####` read as a typo to people
 * (decisions.md). Partial input formats what it can, as the mask does while typing.
 */
export function formatCelular(value: string): string {
  const digits = onlyDigits(value).slice(0, 11);
  return applyPattern(digits, digits.length === 11 ? '(##) #####-####' : '(##) ####-####');
}

/**
 * Shows a phone we sent a code to without revealing it: `(11) 9****-4321`. A value that is not 11 digits has
 * every digit but the last 4 replaced by `*`, so nothing more than the last 4 ever shows.
 */
export function maskCelular(value: string): string {
  const digits = onlyDigits(value);
  if (digits.length === 11) {
    return `(${digits.slice(0, 2)}) ${digits[2]}****-${digits.slice(7)}`;
  }
  const shown = digits.slice(-4);
  return '*'.repeat(digits.length - shown.length) + shown;
}
