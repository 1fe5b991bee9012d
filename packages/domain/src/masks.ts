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
};

export const MASKS: Record<'cpf' | 'cep' | 'celular' | 'date' | 'cnpj', MaskOptions> = {
  cpf: { mask: '000.000.000-00' },
  cep: { mask: '00000-000' },
  celular: { mask: '(00) 0 0000 0000' },
  date: { mask: '00/00/0000' },
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
