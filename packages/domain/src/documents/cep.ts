import { onlyDigits } from '../text';
import { applyPattern } from './mask';

/** True when the value is exactly 8 digits once the mask (hyphen, dot, spaces) is removed. */
export function isCompleteCep(value: string): boolean {
  return /^\d{8}$/.test(value.replace(/[-.\s]/g, ''));
}

/** `01310100` → `01310-100`; partial input formats what it can. */
export function formatCep(value: string): string {
  return applyPattern(onlyDigits(value).slice(0, 8), '#####-###');
}

/**
 * CEP ranges by state, by the first 5 digits (research/brazil-integrations.md section 4; no official Correios
 * table). A plausibility check only: use it to warn when the state chosen does not match the CEP, never to
 * reject an address the CEP service confirmed.
 */
const CEP_RANGES: ReadonlyArray<readonly [from: number, to: number, uf: string]> = [
  [1000, 19999, 'SP'],
  [20000, 28999, 'RJ'],
  [29000, 29999, 'ES'],
  [30000, 39999, 'MG'],
  [40000, 48999, 'BA'],
  [49000, 49999, 'SE'],
  [50000, 56999, 'PE'],
  [57000, 57999, 'AL'],
  [58000, 58999, 'PB'],
  [59000, 59999, 'RN'],
  [60000, 63999, 'CE'],
  [64000, 64999, 'PI'],
  [65000, 65999, 'MA'],
  [66000, 68899, 'PA'],
  [68900, 68999, 'AP'],
  [69000, 69299, 'AM'],
  [69300, 69399, 'RR'],
  [69400, 69899, 'AM'],
  [69900, 69999, 'AC'],
  [70000, 72799, 'DF'],
  [72800, 72999, 'GO'],
  [73000, 73699, 'DF'],
  [73700, 76799, 'GO'],
  [76800, 76999, 'RO'],
  [77000, 77999, 'TO'],
  [78000, 78899, 'MT'],
  [78900, 78999, 'RO'],
  [79000, 79999, 'MS'],
  [80000, 87999, 'PR'],
  [88000, 89999, 'SC'],
  [90000, 99999, 'RS'],
];

/**
 * The state (UF) a CEP most likely belongs to, from its first 5 digits; accepts a prefix of 5 digits up to the
 * full 8, masked or not. Null when there are fewer than 5 digits, more than 8, or the prefix is in no range.
 */
export function ufForCep(cep: string): string | null {
  const digits = onlyDigits(cep);
  if (digits.length < 5 || digits.length > 8) return null;
  const prefix = Number(digits.slice(0, 5));
  for (const [from, to, uf] of CEP_RANGES) {
    if (prefix >= from && prefix <= to) return uf;
  }
  return null;
}
