/** The 27 federative units (26 states and the Distrito Federal), as the IBGE abbreviates them, in that order. */
export const UFS = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const;
export type Uf = (typeof UFS)[number];

const SET: ReadonlySet<string> = new Set(UFS);

/** True for one of the 27 abbreviations, in capitals or not ('sp' is São Paulo). */
export function isUf(value: string): boolean {
  return SET.has(value.toUpperCase());
}
