import { minorToDecimal } from '@prata/domain';
import type { Executor } from '@/db/client';
import type { CompanyRow, UserRow } from '@/db/rows';
import { type AddressView, type CompanyView, findUserExtras } from './repository';

export type RegistrationSteps = { personal: boolean; address: boolean; fatca: boolean; company: boolean };

/** What "registration complete" means: individuals need personal data, an address and FATCA; companies their company data and an address. */
export function registrationSteps(
  user: UserRow,
  addressCount: number,
  company: object | null | undefined,
): RegistrationSteps {
  return {
    personal: Boolean(user.cpf && user.nascimento && user.celular && user.sexo && user.estadoCivil),
    address: addressCount > 0,
    fatca: user.fatcaDeclaredAt !== null,
    company: company != null,
  };
}

export function isRegistrationComplete(user: UserRow, steps: RegistrationSteps): boolean {
  return user.accountType === 'company'
    ? steps.company && steps.address
    : steps.personal && steps.address && steps.fatca;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentCompany(c: CompanyRow | undefined): CompanyView | null {
  if (!c) return null;
  return {
    id: c.id,
    cnpj: c.cnpj,
    razao_social: c.razaoSocial,
    nome_fantasia: c.nomeFantasia,
    inscricao_estadual: c.inscricaoEstadual,
    inscricao_municipal: c.inscricaoMunicipal,
    celular: c.celular,
    email: c.email,
    cnae_principal: c.cnaePrincipal,
    cnaes_secundarios: c.cnaesSecundarios,
    regime_tributario: c.regimeTributario,
    site: c.site,
  };
}

/**
 * The user as the web client reads it (spec field names), with balances from the ledger. One query besides the user
 * row (findUserExtras): GET /api/user is the call every screen makes.
 */
export async function presentUser(db: Executor, user: UserRow) {
  const { addresses: addressList, company, balances } = await findUserExtras(db, user.id);
  const steps = registrationSteps(user, addressList.length, company);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    account_type: user.accountType,
    cpf: user.cpf,
    nascimento: user.nascimento,
    celular: user.celular,
    sexo: user.sexo,
    estado_civil: user.estadoCivil,
    conjuge_nome: user.conjugeNome,
    conjuge_cpf: user.conjugeCpf,
    conjuge_nascimento: user.conjugeNascimento,
    politicamente_exposto: user.politicamenteExposto,
    americano: user.americano,
    naturalizacao_americana: user.naturalizacaoAmericana,
    caracteristica_us_person: user.caracteristicaUsPerson,
    contribuinte_americano: user.contribuinteAmericano,
    nfe_cpf_response: user.nfeCpfResponse ?? null,
    email_verified_at: iso(user.emailVerifiedAt),
    approved_at: iso(user.approvedAt),
    /** set when an operator refused the registration; the customer reads the reason */
    registration_rejected_at: iso(user.registrationRejectedAt),
    registration_rejection_reason: user.registrationRejectionReason,
    closed_at: iso(user.closedAt),
    hide_balances: user.hideBalances,
    balance_brl: minorToDecimal(balances.BRL.available),
    balance_brl_held: minorToDecimal(balances.BRL.held),
    balance_ag: minorToDecimal(balances.AG.available),
    balance_ag_held: minorToDecimal(balances.AG.held),
    trading_limit: minorToDecimal(user.tradingLimitCents),
    staff_roles: user.staffRoles,
    registration_complete: isRegistrationComplete(user, steps),
    registration_steps: steps,
    addresses: addressList satisfies AddressView[],
    company,
    created_at: user.createdAt.toISOString(),
  };
}
