/**
 * What a field without a message of its own is told (field-message.ts, set as zod's locale by the server and the
 * web), and the refusal of a number written other than in plain decimal digits. Short: the web's first load carries
 * them.
 */
export const FIELD_MESSAGES = {
  /** a path's id, page or year written other than in plain decimal digits ('0x4', '4e0', ' 4', '04') */
  idInvalid: 'Identificador inválido.',
  numberInvalid: 'Informe um número válido.',
  fieldRequired: 'Este campo é obrigatório.',
  valueInvalid: 'Valor inválido.',
  textRequired: 'Informe um texto.',
  formatInvalid: 'Formato inválido.',
  chooseOneOption: 'Escolha uma das opções',
  fieldsUnknown: 'A requisição tem campos não reconhecidos.',
  textTooShort: (min: number) => `Use pelo menos ${min} ${min === 1 ? 'caractere' : 'caracteres'}.`,
  textTooLong: (max: number) => `Use no máximo ${max} ${max === 1 ? 'caractere' : 'caracteres'}.`,
  numberTooSmall: (min: string, inclusive: boolean) =>
    inclusive ? `O valor deve ser pelo menos ${min}.` : `O valor deve ser maior que ${min}.`,
  numberTooBig: (max: string, inclusive: boolean) =>
    inclusive ? `O valor deve ser no máximo ${max}.` : `O valor deve ser menor que ${max}.`,
  listTooShort: (min: number) => `Informe pelo menos ${min} ${min === 1 ? 'item' : 'itens'}.`,
  listTooLong: (max: number) => `Informe no máximo ${max} ${max === 1 ? 'item' : 'itens'}.`,
} as const;
