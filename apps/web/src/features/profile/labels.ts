import { type ESTADOS_CIVIS, formatCep, type REGIMES_TRIBUTARIOS, type SEXOS } from '@prata/domain';
import type { Address } from '@/lib/auth';
import type { FatcaFlags } from './api/get-register-finish';

/** How the registration's coded answers read on screen (forms, /meus-dados, the back office). */
export const SEXO_LABELS: Record<(typeof SEXOS)[number], string> = {
  M: 'Masculino',
  F: 'Feminino',
  N: 'Prefiro não informar',
};

export const ESTADO_CIVIL_LABELS: Record<(typeof ESTADOS_CIVIS)[number], string> = {
  S: 'Solteiro(a)',
  D: 'Divorciado(a)',
  V: 'Viúvo(a)',
  C: 'Casado(a)',
  U: 'União estável',
  O: 'Outro',
};

export const REGIME_LABELS: Record<(typeof REGIMES_TRIBUTARIOS)[number], string> = {
  simples: 'Simples Nacional',
  presumido: 'Lucro Presumido',
  real: 'Lucro Real',
};

type FatcaKey = keyof FatcaFlags;

export const FATCA_QUESTIONS: ReadonlyArray<{ key: FatcaKey; question: string }> = [
  { key: 'politicamente_exposto', question: 'Você é uma pessoa politicamente exposta?' },
  { key: 'americano', question: 'Você é cidadão norte-americano?' },
  { key: 'naturalizacao_americana', question: 'Você possui naturalização norte-americana?' },
  { key: 'caracteristica_us_person', question: 'Você possui residência fiscal ou características de US Person?' },
  { key: 'contribuinte_americano', question: 'Você é contribuinte do imposto de renda nos Estados Unidos?' },
];

/**
 * The declarations step in two sections: being a politically exposed person is a Brazilian rule (COAF, Banco
 * Central) with nothing to do with FATCA, so it has a section of its own, before the four United States questions.
 */
export const DECLARATION_SECTIONS: ReadonlyArray<{ title: string; intro: string; keys: FatcaKey[] }> = [
  {
    title: 'Pessoa politicamente exposta (PEP)',
    intro:
      'As normas brasileiras de prevenção à lavagem de dinheiro pedem que informemos se você exerce, ou exerceu nos últimos cinco anos, cargo ou função pública relevante, ou se é familiar ou próximo de quem exerce.',
    keys: ['politicamente_exposto'],
  },
  {
    title: 'Declaração FATCA',
    intro:
      'A lei norte-americana FATCA pede que toda instituição financeira registre estas informações. Responda com atenção.',
    keys: ['americano', 'naturalizacao_americana', 'caracteristica_us_person', 'contribuinte_americano'],
  },
];

/** "Rua X, 10, apto 2" / "Bairro - Cidade - UF" / "CEP 00000-000". */
export function formatAddress(address: Address): string[] {
  const line1 = [address.street, address.number, address.unit].filter(Boolean).join(', ');
  const line2 = [address.neighborhood, address.city?.description].filter(Boolean).join(' - ');
  return [line1, line2, `CEP ${formatCep(address.cep)}`];
}
