import {
  type CompanyRequest,
  type CompanyUpdateRequest,
  type FatcaRequest,
  MESSAGES,
  type PersonalDataRequest,
  WITH_SPOUSE,
  ageOn,
  brasiliaIsoDate,
} from '@prata/domain';
import { type CpfStatusResponse, CpfStatusUnavailable } from '@/adapters/cpf-status/index';
import type { AppDeps } from '@/deps';
import { lockCustomer } from '@/db/lock';
import type { CompanyRow, UserRow } from '@/db/rows';
import { pgConstraint, withTransaction } from '@/db/tx';
import { logEvent } from '@/lib/audit';
import { AppError, invalid, notFound } from '@/lib/errors';
import { logFailure } from '@/lib/log-failure';
import { presentCompany, presentUser } from '@/features/users/index';
import { findCompanyByUser, findUserById } from '@/features/users/index';
import { type Actor, auditCustomerChange, changedFields, refuseApprovedIdentityChange } from './changes';
import { confirmContactCode, contactChangeNeedsCode, recordContactChange } from './contact';
import { cnpjTakenByOther, insertCompany, setUserColumns, updateOwnCompany, updateUserRow } from './repository/index';

/** Asks the CPF-status port; only a regular CPF passes. */
export async function checkCpfStatus(deps: AppDeps, cpf: string, nascimento: string): Promise<CpfStatusResponse> {
  const answer = await deps.adapters.cpfStatus.check(cpf, nascimento).catch((error: unknown) => {
    if (!(error instanceof CpfStatusUnavailable)) throw error;
    logFailure('cpf status: the service gave no answer', error, 'warn');
    throw new AppError('CPF_STATUS_UNAVAILABLE', MESSAGES.cpfStatusUnavailable);
  });
  if (!answer) throw invalid('cpf', MESSAGES.cpfInvalid);
  if (answer.status !== 'Regular') throw invalid('cpf', MESSAGES.cpfStatusIrregular);
  return answer;
}

/** PUT /api/user/cpf-status: checks, and for a signed-in customer stores the answer as nfe_cpf_response. */
export async function cpfStatus(deps: AppDeps, user: UserRow | null, cpf: string, nascimento: string) {
  const answer = await checkCpfStatus(deps, cpf, nascimento);
  if (user && (!user.cpf || user.cpf === cpf)) {
    await setUserColumns(deps.database.db, user.id, { nfeCpfResponse: answer });
  }
  return answer;
}

function requireIndividual(user: UserRow) {
  if (user.accountType !== 'individual') throw new AppError('ACCOUNT_TYPE_MISMATCH', MESSAGES.onlyIndividuals);
}
function requireCompanyAccount(user: UserRow) {
  if (user.accountType !== 'company') throw new AppError('ACCOUNT_TYPE_MISMATCH', MESSAGES.onlyCompanies);
}

/**
 * Personal data. The CPF is set once (register/finish) and never changes afterwards; once approved, the name and birth
 * date are locked too. A stored mobile number changes only with a code from the account's e-mail (contact.ts).
 */
export async function updatePersonalData(deps: AppDeps, user: UserRow, input: PersonalDataRequest, actor: Actor = {}) {
  requireIndividual(user);
  if (user.cpf && user.cpf !== input.cpf) throw invalid('cpf', 'O CPF não pode ser alterado.');
  const identityChanges = changedFields({
    name: [user.name, input.name],
    cpf: [user.cpf, input.cpf],
    nascimento: [user.nascimento, input.nascimento],
  });
  refuseApprovedIdentityChange(user, identityChanges);
  const pendingContact = contactChangeNeedsCode({ celular: user.celular }, { celular: input.celular }, input.code);
  if (input.nascimento > brasiliaIsoDate()) throw invalid('nascimento', MESSAGES.birthDateInvalid);
  if (ageOn(input.nascimento, brasiliaIsoDate()) < 18) throw invalid('nascimento', MESSAGES.underage);
  const stored = user.nfeCpfResponse;
  const statusAnswer =
    stored && stored.federalTaxNumber === input.cpf && stored.birthOn === input.nascimento
      ? stored
      : await checkCpfStatus(deps, input.cpf, input.nascimento);
  const spouse = (WITH_SPOUSE as readonly string[]).includes(input.estado_civil);
  const contactChanges = await confirmContactCode(deps, user, pendingContact);
  try {
    const view = await withTransaction(deps.database.db, async (tx) => {
      const updated = await updateUserRow(tx, user.id, {
        name: input.name,
        cpf: input.cpf,
        nascimento: input.nascimento,
        celular: input.celular,
        sexo: input.sexo,
        estadoCivil: input.estado_civil,
        conjugeNome: spouse ? input.conjuge_nome : null,
        conjugeCpf: spouse ? input.conjuge_cpf : null,
        conjugeNascimento: spouse ? input.conjuge_nascimento : null,
        nfeCpfResponse: statusAnswer,
        updatedAt: new Date(),
      });
      await logEvent(tx, user.id, 'Dados pessoais atualizados');
      await auditCustomerChange(tx, user, 'customer.identity_changed', identityChanges, actor);
      await recordContactChange(tx, user, contactChanges, actor);
      return presentUser(tx, updated!);
    });
    deps.outbox.kick();
    return view;
  } catch (err) {
    if (pgConstraint(err) === 'users_cpf_uq') throw invalid('cpf', MESSAGES.cpfTaken);
    throw err;
  }
}

const companyValues = (input: CompanyRequest) => ({
  cnpj: input.cnpj,
  razaoSocial: input.razao_social,
  nomeFantasia: input.nome_fantasia,
  inscricaoEstadual: input.inscricao_estadual,
  inscricaoMunicipal: input.inscricao_municipal,
  celular: input.celular,
  email: input.email.toLowerCase(),
  cnaePrincipal: input.cnae_principal,
  cnaesSecundarios: input.cnaes_secundarios,
  regimeTributario: input.regime_tributario,
  site: input.site,
});

/** The company as just written; none (another request deleted it meanwhile) is a 404, never a `company: null`. */
function savedCompany(row: CompanyRow | undefined) {
  const view = presentCompany(row);
  if (!view) throw notFound();
  return view;
}

export async function createCompany(deps: AppDeps, user: UserRow, input: CompanyRequest) {
  requireCompanyAccount(user);
  try {
    return await withTransaction(deps.database.db, async (tx) => {
      await lockCustomer(tx, user.id);
      if (await findCompanyByUser(tx, user.id)) throw new AppError('ALREADY_EXISTS', MESSAGES.companyExists);
      if (await cnpjTakenByOther(tx, input.cnpj, user.id)) throw invalid('cnpj', MESSAGES.cnpjTaken);
      const row = await insertCompany(tx, { userId: user.id, ...companyValues(input) });
      await setUserColumns(tx, user.id, { celular: user.celular ?? input.celular });
      await logEvent(tx, user.id, 'Dados da empresa cadastrados');
      return savedCompany(row);
    });
  } catch (err) {
    if (pgConstraint(err) === 'companies_cnpj_uq') throw invalid('cnpj', MESSAGES.cnpjTaken);
    throw err;
  }
}

/**
 * Company data. Once approved, the CNPJ and razão social are locked. The company's mobile number (also the account's
 * SMS sign-in number) and contact e-mail change only with a code from the account's e-mail (contact.ts).
 */
export async function updateCompany(
  deps: AppDeps,
  user: UserRow,
  companyId: number,
  input: CompanyUpdateRequest,
  actor: Actor = {},
) {
  const db = deps.database.db;
  const company = await findCompanyByUser(db, user.id);
  if (!company || company.id !== companyId) throw notFound();
  const values = companyValues(input);
  const identityChanges = changedFields({
    cnpj: [company.cnpj, values.cnpj],
    razao_social: [company.razaoSocial, values.razaoSocial],
  });
  refuseApprovedIdentityChange(user, identityChanges);
  const pendingContact = contactChangeNeedsCode(
    { celular: company.celular, email: company.email },
    { celular: values.celular, email: values.email },
    input.code,
  );
  if (await cnpjTakenByOther(db, input.cnpj, user.id)) throw invalid('cnpj', MESSAGES.cnpjTaken);
  const contactChanges = await confirmContactCode(deps, user, pendingContact);
  try {
    const view = await withTransaction(db, async (tx) => {
      const row = await updateOwnCompany(tx, user.id, company.id, { ...values, updatedAt: new Date() });
      // The account signs in by SMS with the company's number: it follows the confirmed change.
      if (contactChanges.some((c) => c.field === 'celular')) {
        await setUserColumns(tx, user.id, { celular: values.celular, updatedAt: new Date() });
      }
      await logEvent(tx, user.id, 'Dados da empresa atualizados');
      await auditCustomerChange(tx, user, 'customer.identity_changed', identityChanges, actor);
      await recordContactChange(tx, user, contactChanges, actor);
      return savedCompany(row);
    });
    deps.outbox.kick();
    return view;
  } catch (err) {
    if (pgConstraint(err) === 'companies_cnpj_uq') throw invalid('cnpj', MESSAGES.cnpjTaken);
    throw err;
  }
}

export async function declareFatca(deps: AppDeps, user: UserRow, input: FatcaRequest) {
  requireIndividual(user);
  return withTransaction(deps.database.db, async (tx) => {
    const updated = await updateUserRow(tx, user.id, {
      politicamenteExposto: input.politicamente_exposto,
      americano: input.americano,
      naturalizacaoAmericana: input.naturalizacao_americana,
      caracteristicaUsPerson: input.caracteristica_us_person,
      contribuinteAmericano: input.contribuinte_americano,
      fatcaDeclaredAt: new Date(),
      updatedAt: new Date(),
    });
    await logEvent(tx, user.id, 'Declaração FATCA registrada');
    return presentUser(tx, updated!);
  });
}

export async function registrationData(deps: AppDeps, userId: number) {
  const db = deps.database.db;
  const user = await findUserById(db, userId);
  if (!user) throw notFound();
  const view = await presentUser(db, user);
  return { user: view, company: view.company };
}
