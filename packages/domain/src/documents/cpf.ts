import { onlyDigits } from '../text';
import { applyPattern } from './mask';

const CPF_LENGTH = 11;

/** Mod-11 check digit over `digits` with weights counting down from `digits.length + 1` to 2. */
function cpfCheckDigit(digits: string): number {
  let sum = 0;
  const firstWeight = digits.length + 1;
  for (let i = 0; i < digits.length; i += 1) {
    sum += Number(digits[i]) * (firstWeight - i);
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/**
 * Accepts `529.982.247-25` or `52998224725`. Only digits and the mask characters (dot, hyphen, spaces) are
 * tolerated, so a value with letters is invalid rather than silently cleaned. All-same digits pass the
 * checksum but are not real CPFs, so they are rejected.
 */
export function isValidCpf(value: string): boolean {
  if (/[^\d.\-\s]/.test(value)) return false;
  const digits = onlyDigits(value);
  if (digits.length !== CPF_LENGTH) return false;
  if (/^(\d)\1{10}$/.test(digits)) return false;
  const first = cpfCheckDigit(digits.slice(0, 9));
  const second = cpfCheckDigit(digits.slice(0, 9) + String(first));
  return digits[9] === String(first) && digits[10] === String(second);
}

/** `52998224725` → `529.982.247-25`; partial input formats what it can; extra digits are dropped. */
export function formatCpf(value: string): string {
  return applyPattern(onlyDigits(value).slice(0, CPF_LENGTH), '###.###.###-##');
}
