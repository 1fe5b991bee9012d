import { z } from 'zod';
import { City } from './cities';
import { ACCOUNT_TYPES, isoDate, isoDateTime } from './common';

/**
 * The signed-in customer as every screen reads it (GET /api/user), and the parts of it other answers repeat. Field
 * order is the presenter's: the serializer writes keys in the order of these schemas.
 */

export const SEXOS = ['M', 'F', 'N'] as const;
export const ESTADOS_CIVIS = ['S', 'D', 'V', 'C', 'U', 'O'] as const;
export const REGIMES_TRIBUTARIOS = ['simples', 'presumido', 'real'] as const;

/**
 * The answer of the CPF-status service (NFE.io's "pessoa física" lookup): PUT /api/user/cpf-status answers it, and the
 * user keeps the last one as nfe_cpf_response.
 */
export const CpfStatusResponse = z.object({
  federalTaxNumber: z.string(),
  /** yyyy-mm-dd */
  birthOn: isoDate(),
  name: z.string().nullable(),
  status: z.enum(['Regular', 'Suspensa', 'Cancelada', 'Nula', 'Pendente']),
  /** yyyy-mm-dd */
  statusOn: isoDate(),
  createdOn: isoDateTime(),
  source: z.enum(['embedded', 'nfeio']),
});
export type CpfStatusResponse = z.infer<typeof CpfStatusResponse>;

/** One of the customer's addresses (deleted ones are never answered). */
export const Address = z.object({
  id: z.number().int(),
  type: z.string(),
  /** 8 digits */
  cep: z.string(),
  city: City,
  city_id: z.number().int(),
  neighborhood: z.string(),
  street: z.string(),
  number: z.string(),
  unit: z.string().nullable(),
  other_info: z.string().nullable(),
});
export type Address = z.infer<typeof Address>;

/** A company account's company (spec field names). */
export const Company = z.object({
  id: z.number().int(),
  /** 14 characters, no mask */
  cnpj: z.string(),
  razao_social: z.string(),
  nome_fantasia: z.string().nullable(),
  inscricao_estadual: z.string().nullable(),
  inscricao_municipal: z.string().nullable(),
  /** digits */
  celular: z.string(),
  email: z.string(),
  cnae_principal: z.string(),
  cnaes_secundarios: z.string().nullable(),
  regime_tributario: z.enum(REGIMES_TRIBUTARIOS),
  site: z.string().nullable(),
});
export type Company = z.infer<typeof Company>;

/** Which parts of the registration are done. */
export const RegistrationSteps = z.object({
  personal: z.boolean(),
  address: z.boolean(),
  fatca: z.boolean(),
  company: z.boolean(),
});
export type RegistrationSteps = z.infer<typeof RegistrationSteps>;

/** The user with balances from the ledger: money in reais and silver in grams, dot-decimal numbers. */
export const User = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  account_type: z.enum(ACCOUNT_TYPES),
  /** 11 digits */
  cpf: z.string().nullable(),
  /** yyyy-mm-dd */
  nascimento: isoDate().nullable(),
  /** digits */
  celular: z.string().nullable(),
  sexo: z.enum(SEXOS).nullable(),
  estado_civil: z.enum(ESTADOS_CIVIS).nullable(),
  conjuge_nome: z.string().nullable(),
  conjuge_cpf: z.string().nullable(),
  conjuge_nascimento: isoDate().nullable(),
  politicamente_exposto: z.boolean().nullable(),
  americano: z.boolean().nullable(),
  naturalizacao_americana: z.boolean().nullable(),
  caracteristica_us_person: z.boolean().nullable(),
  contribuinte_americano: z.boolean().nullable(),
  nfe_cpf_response: CpfStatusResponse.nullable(),
  email_verified_at: isoDateTime().nullable(),
  approved_at: isoDateTime().nullable(),
  /** set when an operator refused the registration; the customer reads the reason */
  registration_rejected_at: isoDateTime().nullable(),
  registration_rejection_reason: z.string().nullable(),
  closed_at: isoDateTime().nullable(),
  hide_balances: z.boolean(),
  /** reais */
  balance_brl: z.number(),
  balance_brl_held: z.number(),
  /** grams */
  balance_ag: z.number(),
  balance_ag_held: z.number(),
  /** reais per year */
  trading_limit: z.number(),
  /** the operator's roles; empty for customers */
  staff_roles: z.array(z.string()),
  registration_complete: z.boolean(),
  registration_steps: RegistrationSteps,
  addresses: z.array(Address),
  company: Company.nullable(),
  created_at: isoDateTime(),
});
export type User = z.infer<typeof User>;

/** GET /api/user */
export const UserResponse = z.object({ user: User });
export type UserResponse = z.infer<typeof UserResponse>;

/** PUT /api/user/toggle-balances-visibility: the new setting. */
export const HideBalancesResponse = z.object({ hide_balances: z.boolean() });
export type HideBalancesResponse = z.infer<typeof HideBalancesResponse>;
