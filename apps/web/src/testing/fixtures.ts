import type { User } from '@prata/domain';

/**
 * A whole GET /api/user answer (packages/domain's User), for tests: an approved individual with no money, no address
 * and no company. Tests override what they are about.
 */
export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    name: 'Maria Oliveira',
    email: 'maria@prata.dev',
    account_type: 'individual',
    cpf: null,
    nascimento: null,
    celular: null,
    sexo: null,
    estado_civil: null,
    conjuge_nome: null,
    conjuge_cpf: null,
    conjuge_nascimento: null,
    politicamente_exposto: null,
    americano: null,
    naturalizacao_americana: null,
    caracteristica_us_person: null,
    contribuinte_americano: null,
    nfe_cpf_response: null,
    email_verified_at: '2026-01-01T00:00:00.000Z',
    approved_at: null,
    registration_rejected_at: null,
    registration_rejection_reason: null,
    closed_at: null,
    hide_balances: false,
    balance_brl: 0,
    balance_brl_held: 0,
    balance_ag: 0,
    balance_ag_held: 0,
    trading_limit: 50_000,
    staff_roles: [],
    registration_complete: true,
    registration_steps: { personal: true, address: true, fatca: true, company: false },
    addresses: [],
    company: null,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
