/**
 * Mask patterns for react-imask, shared by every web form so the same field looks the same everywhere. Each is
 * an options object to spread into `<IMaskInput {...MASKS.cpf} />`. In imask patterns `0` is a digit and other
 * characters not in `definitions` are fixed; the spec's `#` becomes `0`.
 */
export type MaskOptions = {
  mask: string;
  definitions?: Record<string, RegExp>;
  /** Transforms each typed chunk before it is checked against the pattern. */
  prepareChar?: (chunk: string) => string;
  /**
   * Turns pasted text into the characters the pattern takes, when keeping the right characters is not enough
   * (a phone number with +55). Without it, a paste keeps the characters the pattern's slots accept.
   */
  normalizePaste?: (text: string) => string;
};

/**
 * A Brazilian mobile number as pasted: '+55 11 98765-4321', '0055 11 98765-4321', '5511987654321' and
 * '011 98765-4321' lose the country code or the trunk zero; '(55) 98765-4321' (area code 55) stays.
 */
export function phoneDigitsFromPaste(text: string): string {
  let digits = text.replace(/\D/g, '');
  const international = /^\s*(\+|00)/.test(text);
  if (/^\s*00/.test(text)) digits = digits.slice(2);
  if ((international || digits.length > 11) && digits.startsWith('55')) digits = digits.slice(2);
  if (digits.length > 11 && digits.startsWith('0')) digits = digits.slice(1);
  return digits;
}

/** A date as pasted: dd/mm/yyyy (or with dots or dashes) keeps its digits; yyyy-mm-dd is turned around. */
export function dateDigitsFromPaste(text: string): string {
  const iso = /^\s*(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return iso ? `${iso[3]}${iso[2]}${iso[1]}` : text.replace(/\D/g, '');
}

/** A pasted moment: an ISO one (`2026-12-01T09:30`) becomes dd/mm/aaaa hh:mm's digits; otherwise its digits. */
export function dateTimeDigitsFromPaste(text: string): string {
  const iso = /^\s*(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})/.exec(text);
  return iso ? `${iso[3]}${iso[2]}${iso[1]}${iso[4]}${iso[5]}` : text.replace(/\D/g, '');
}

export const MASKS: Record<'cpf' | 'cep' | 'celular' | 'date' | 'dateTime' | 'cnpj', MaskOptions> = {
  cpf: { mask: '000.000.000-00' },
  cep: { mask: '00000-000' },
  /** a mobile number, as formatCelular writes it: (11) 98765-4321 */
  celular: { mask: '(00) 00000-0000', normalizePaste: phoneDigitsFromPaste },
  date: { mask: '00/00/0000', normalizePaste: dateDigitsFromPaste },
  /** a moment in Brasília time, as formatDateTimeBR writes it: 01/12/2026 09:30 */
  dateTime: { mask: '00/00/0000 00:00', normalizePaste: dateTimeDigitsFromPaste },
  /**
   * The 2026 alphanumeric CNPJ: the first 12 characters are letters or digits, the 2 check digits are digits.
   * Letters typed in lowercase are shown in uppercase, as the Receita Federal writes them.
   */
  cnpj: {
    mask: 'XX.XXX.XXX/XXXX-00',
    definitions: { X: /[0-9A-Z]/ },
    prepareChar: (chunk: string) => chunk.toUpperCase(),
  },
};
