import { describe, expect, it } from 'vitest';
import { accountTabsFor, pathForTab, tabFromParam, tabIndexFromParam } from './tabs';

describe('/meus-dados tabs', () => {
  it("follows the spec's order and indices for individuals, with our values for the last five", () => {
    expect(accountTabsFor('individual').map((tab) => [tab.value, tab.label])).toEqual([
      ['', 'Dados pessoais'],
      ['meus-enderecos', 'Meus endereços'],
      ['fatca', 'FATCA'],
      ['documentos', 'Documentos'],
      ['dados-bancarios', 'Dados bancários'],
      ['aumentar-limite', 'Aumentar limite'],
      ['alterar-senha', 'Alterar senha'],
      ['privacidade-e-dados', 'Privacidade e dados'],
      ['acesso-e-dispositivos', 'Acesso e dispositivos'],
      ['encerrar-conta', 'Encerrar conta'],
    ]);
    const index = (param?: string) => tabIndexFromParam(param, 'individual');
    expect([index(), index('meus-enderecos'), index('fatca'), index('documentos'), index('dados-bancarios')]).toEqual([
      0, 1, 2, 3, 4,
    ]);
    expect([
      index('aumentar-limite'),
      index('alterar-senha'),
      index('privacidade-e-dados'),
      index('acesso-e-dispositivos'),
      index('encerrar-conta'),
    ]).toEqual([5, 6, 7, 8, 9]);
  });

  it('maps companies by value: company data first, no FATCA, the same values for the rest', () => {
    const tabs = accountTabsFor('company');
    expect(tabs.map((tab) => tab.label)).toEqual([
      'Dados da empresa',
      'Meus endereços',
      'Documentos',
      'Dados bancários',
      'Aumentar limite',
      'Alterar senha',
      'Privacidade e dados',
      'Acesso e dispositivos',
      'Encerrar conta',
    ]);
    expect(tabFromParam(undefined, 'company')?.key).toBe('company');
    expect(tabFromParam('documentos', 'company')?.key).toBe('documents');
    expect(tabIndexFromParam('documentos', 'company')).toBe(2);
    expect(tabFromParam('dados-bancarios', 'company')?.label).toBe('Dados bancários');
    expect(tabFromParam('fatca', 'company')).toBeNull();
  });

  it('answers null for an unknown value and builds the URL of each tab', () => {
    expect(tabFromParam('nao-existe', 'individual')).toBeNull();
    expect(tabFromParam('', 'individual')?.key).toBe('personal');
    expect(pathForTab({ value: '' })).toBe('/meus-dados');
    expect(pathForTab({ value: 'dados-bancarios' })).toBe('/meus-dados/dados-bancarios');
  });
});
