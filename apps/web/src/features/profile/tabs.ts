import type { AccountType } from '@/lib/auth';

type AccountTabKey =
  | 'personal'
  | 'company'
  | 'addresses'
  | 'fatca'
  | 'documents'
  | 'banking'
  | 'limit'
  | 'password'
  | 'privacy'
  | 'access'
  | 'close';

export type AccountTab = {
  key: AccountTabKey;
  /** The :tab parameter of /meus-dados/:tab? ('' is the first tab, /meus-dados). */
  value: string;
  label: string;
  /** Shown only to this account type. */
  only?: AccountType;
};

/**
 * The tabs of /meus-dados in the spec's order (spec 2 §2). The parameter values of the first five are the spec's;
 * the last four are ours. Companies have no FATCA tab, so their indices differ: tabs are found by value.
 */
const ACCOUNT_TABS: readonly AccountTab[] = [
  { key: 'personal', value: '', label: 'Dados pessoais', only: 'individual' },
  { key: 'company', value: '', label: 'Dados da empresa', only: 'company' },
  { key: 'addresses', value: 'meus-enderecos', label: 'Meus endereços' },
  { key: 'fatca', value: 'fatca', label: 'FATCA', only: 'individual' },
  { key: 'documents', value: 'documentos', label: 'Documentos' },
  { key: 'banking', value: 'dados-bancarios', label: 'Dados bancários' },
  { key: 'limit', value: 'aumentar-limite', label: 'Aumentar limite' },
  { key: 'password', value: 'alterar-senha', label: 'Alterar senha' },
  { key: 'privacy', value: 'privacidade-e-dados', label: 'Privacidade e dados' },
  { key: 'access', value: 'acesso-e-dispositivos', label: 'Acesso e dispositivos' },
  { key: 'close', value: 'encerrar-conta', label: 'Encerrar conta' },
];

export function accountTabsFor(accountType: AccountType): AccountTab[] {
  return ACCOUNT_TABS.filter((tab) => !tab.only || tab.only === accountType);
}

/** The tab a URL opens, or null when the value is not a tab of this account type (the page then shows the first). */
export function tabFromParam(param: string | undefined, accountType: AccountType): AccountTab | null {
  return accountTabsFor(accountType).find((tab) => tab.value === (param ?? '')) ?? null;
}

/** The position of a URL's tab in the list (for individuals: '' 0, meus-enderecos 1, fatca 2, documentos 3, ...). */
export function tabIndexFromParam(param: string | undefined, accountType: AccountType): number {
  const tab = tabFromParam(param, accountType);
  return tab ? accountTabsFor(accountType).indexOf(tab) : 0;
}

export function pathForTab(tab: Pick<AccountTab, 'value'>): string {
  return tab.value ? `/meus-dados/${tab.value}` : '/meus-dados';
}

export const ADDRESSES_PATH = '/meus-dados/meus-enderecos';
export const ADD_ADDRESS_PATH = '/meus-dados/meus-enderecos/adicionar';
export const editAddressPath = (id: number) => `/meus-dados/meus-enderecos/editar/${id}`;
