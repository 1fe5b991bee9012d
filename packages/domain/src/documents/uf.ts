/** The 27 federative units (26 states and the Distrito Federal), as the IBGE abbreviates them. */
export const UFS = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;
export type Uf = (typeof UFS)[number];

const SET: ReadonlySet<string> = new Set(UFS);

/** True for one of the 27 abbreviations, in capitals or not ('sp' is São Paulo). */
export function isUf(value: string): boolean {
  return SET.has(value.toUpperCase());
}
