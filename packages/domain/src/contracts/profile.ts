import { z } from 'zod';
import { isValidCpf } from '../documents/index';
import { onlyDigits } from '../text';
import { MESSAGES } from '../messages';
import { BANK_ACCOUNT_TYPES, PIX_KEY_TYPES } from './account';
import { codeField } from './auth';
import { cityIdField } from './catalogue';
import {
  boolField,
  boundedString,
  celularField,
  cnpjField,
  optionalIsoDateField,
  emailField,
  isoDateField,
  isoDateTime,
  optionalText,
  requiredText,
} from './common';
import { Address, Company, CpfStatusResponse, ESTADOS_CIVIS, REGIMES_TRIBUTARIOS, SEXOS, User } from './users';

/** Spouse fields apply only to these marital states (married, stable union). */
export const WITH_SPOUSE = ['C', 'U'] as const;

/** Longer than a masked CPF with stray spaces; beyond it the value is refused unread. */
const CPF_MAX = 20;
const cpfText = () =>
  boundedString({
    max: CPF_MAX,
    required: MESSAGES.cpfInvalid,
    tooLong: MESSAGES.cpfInvalid,
    invalid: MESSAGES.cpfInvalid,
  });

export const cpfField = cpfText()
  .refine((v) => isValidCpf(v), MESSAGES.cpfInvalid)
  .transform((v) => onlyDigits(v));

const optionalCpf = cpfText()
  .nullish()
  .refine((v) => !v || isValidCpf(v), MESSAGES.cpfInvalid)
  .transform((v) => (v ? onlyDigits(v) : null));

const optionalIsoDate = optionalIsoDateField(MESSAGES.birthDateInvalid);

/** POST /api/user/contact-code: the new contact data the code will confirm (companies also send the contact e-mail). */
export const ContactCodeRequest = z.object({
  celular: celularField(MESSAGES.mobileRequired).transform((v) => onlyDigits(v)),
  email: emailField(MESSAGES.companyEmailRequired).optional(),
});
export type ContactCodeRequest = z.infer<typeof ContactCodeRequest>;

/** PUT /api/user/pessoais (`code` only when a stored mobile number changes) */
export const PersonalDataRequest = z.object({
  name: requiredText(MESSAGES.nameRequired),
  cpf: cpfField,
  nascimento: isoDateField(MESSAGES.birthDateRequired, MESSAGES.birthDateInvalid),
  celular: celularField(MESSAGES.mobileRequired).transform((v) => onlyDigits(v)),
  sexo: z.enum(SEXOS, { error: MESSAGES.sexRequired }),
  estado_civil: z.enum(ESTADOS_CIVIS, { error: MESSAGES.maritalStatusRequired }),
  conjuge_nome: optionalText(),
  conjuge_cpf: optionalCpf,
  conjuge_nascimento: optionalIsoDate,
  code: codeField.optional(),
});
export type PersonalDataRequest = z.infer<typeof PersonalDataRequest>;

/** PUT /api/user/cpf-status (also used by visitors at checkout) */
export const CpfStatusRequest = z.object({
  cpf: cpfField,
  nascimento: isoDateField(MESSAGES.birthDateRequired, MESSAGES.birthDateInvalid),
});

/** POST /api/company, PUT /api/company/{id} */
export const CompanyRequest = z.object({
  cnpj: cnpjField(),
  razao_social: requiredText(MESSAGES.razaoSocialRequired),
  nome_fantasia: optionalText(),
  inscricao_estadual: optionalText(30),
  inscricao_municipal: optionalText(30),
  celular: celularField(MESSAGES.companyMobileRequired).transform((v) => onlyDigits(v)),
  email: emailField(MESSAGES.companyEmailRequired),
  cnae_principal: requiredText(MESSAGES.mainActivityRequired),
  cnaes_secundarios: optionalText(2000, { multiline: true }),
  regime_tributario: z.enum(REGIMES_TRIBUTARIOS, { error: MESSAGES.taxRegimeRequired }),
  site: optionalText(255),
});
export type CompanyRequest = z.infer<typeof CompanyRequest>;

/** PUT /api/company/{id}: `code` only when the stored mobile number or contact e-mail changes. */
export const CompanyUpdateRequest = CompanyRequest.extend({ code: codeField.optional() });
export type CompanyUpdateRequest = z.infer<typeof CompanyUpdateRequest>;

/** POST /api/address, PUT /api/address/{id} */
export const AddressRequest = z.object({
  type: requiredText(MESSAGES.addressTypeRequired, 60),
  cep: boundedString({
    max: 16,
    required: MESSAGES.cepRequired,
    tooLong: MESSAGES.cepIncomplete,
    invalid: MESSAGES.cepIncomplete,
  })
    .min(1, MESSAGES.cepRequired)
    .refine((v) => onlyDigits(v).length === 8 && /^[\d-]+$/.test(v), MESSAGES.cepIncomplete)
    .transform((v) => onlyDigits(v)),
  city_id: cityIdField(),
  neighborhood: requiredText(MESSAGES.neighborhoodRequired, 120),
  street: requiredText(MESSAGES.streetRequired, 200),
  number: requiredText(MESSAGES.numberRequired, 20),
  unit: optionalText(120),
  other_info: optionalText(255, { multiline: true }),
});
export type AddressRequest = z.infer<typeof AddressRequest>;

/** PUT /api/user/fatca: all five answers are required. */
export const FatcaRequest = z.object({
  politicamente_exposto: boolField(MESSAGES.fatcaRequired),
  americano: boolField(MESSAGES.fatcaRequired),
  naturalizacao_americana: boolField(MESSAGES.fatcaRequired),
  caracteristica_us_person: boolField(MESSAGES.fatcaRequired),
  contribuinte_americano: boolField(MESSAGES.fatcaRequired),
});
export type FatcaRequest = z.infer<typeof FatcaRequest>;

/** GET /api/register/finish: the user and the company (null for individuals and before it is saved). */
export const RegisterFinishResponse = z.object({ user: User, company: Company.nullable() });
export type RegisterFinishResponse = z.infer<typeof RegisterFinishResponse>;

/** PUT /api/user/pessoais, PUT /api/user/fatca: the user as saved. */
export const UserSavedResponse = z.object({ user: User, message: z.string() });
export type UserSavedResponse = z.infer<typeof UserSavedResponse>;

/** PUT /api/user/cpf-status: the service's answer (only a regular CPF gets one; anything else is a 422). */
export const CpfCheckResponse = CpfStatusResponse;
export type CpfCheckResponse = CpfStatusResponse;

/** POST /api/company, PUT /api/company/{id} */
export const CompanySavedResponse = z.object({ company: Company, message: z.string() });
export type CompanySavedResponse = z.infer<typeof CompanySavedResponse>;

/** GET /api/address/{id} */
export const AddressResponse = z.object({ address: Address });
export type AddressResponse = z.infer<typeof AddressResponse>;

/** POST /api/address, PUT /api/address/{id}, DELETE /api/address/{id}: the address as saved (or as it was). */
export const AddressSavedResponse = z.object({ address: Address, message: z.string() });
export type AddressSavedResponse = z.infer<typeof AddressSavedResponse>;

/** The types a document may have: checked on the file's content, not its name. */
export const DOCUMENT_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type DocumentMime = (typeof DOCUMENT_MIME_TYPES)[number];

/** A document the customer sent (the file itself is GET /api/document/{id}). */
export const DocumentInfo = z.object({
  id: z.number().int(),
  original_name: z.string(),
  mime_type: z.enum(DOCUMENT_MIME_TYPES),
  size_bytes: z.number().int(),
  created_at: isoDateTime(),
});
export type DocumentInfo = z.infer<typeof DocumentInfo>;

/** POST /api/documents */
export const DocumentUploadResponse = z.object({ document: DocumentInfo, message: z.string() });
export type DocumentUploadResponse = z.infer<typeof DocumentUploadResponse>;

/**
 * GET /api/document/{id} (and the back office's GET /api/admin/documents/{id}): the file's bytes, as an attachment of
 * its own type.
 */
export const DocumentFileResponse = {
  description: 'O arquivo, como anexo (Content-Disposition: attachment), no tipo em que foi enviado.',
  content: Object.fromEntries(DOCUMENT_MIME_TYPES.map((type) => [type, { schema: z.file() }])) as Record<
    DocumentMime,
    { schema: z.ZodFile }
  >,
};

/** A Pix key (key_type, key) or a bank account (the account fields): the other kind's fields are null. */
export const BankingInformation = z.object({
  id: z.number().int(),
  type: z.enum(['pix', 'account']),
  key_type: z.enum(PIX_KEY_TYPES).nullable(),
  key: z.string().nullable(),
  account_type: z.enum(BANK_ACCOUNT_TYPES).nullable(),
  bank_number: z.string().nullable(),
  branch_number: z.string().nullable(),
  account_number: z.string().nullable(),
  created_at: isoDateTime(),
});
export type BankingInformation = z.infer<typeof BankingInformation>;

/** POST /api/banking-information, DELETE /api/banking-information/{id} */
export const BankingInformationSavedResponse = z.object({
  bankingInformation: BankingInformation,
  message: z.string(),
});
export type BankingInformationSavedResponse = z.infer<typeof BankingInformationSavedResponse>;

export const TRADING_LIMIT_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** A request for a higher annual trading limit: money in reais, dot-decimal. */
export const TradingLimitRequest = z.object({
  id: z.number().int(),
  new_limit: z.number(),
  net_worth: z.number(),
  monthly_income: z.number(),
  /** '' for a company, which asks in its own name */
  profession: z.string(),
  company_name: z.string(),
  company_cnpj: z.string(),
  other_info: z.string().nullable(),
  status: z.enum(TRADING_LIMIT_STATUSES),
  approved_limit: z.number().nullable(),
  rejection_reason: z.string().nullable(),
  reviewed_at: isoDateTime().nullable(),
  created_at: isoDateTime(),
});
export type TradingLimitRequest = z.infer<typeof TradingLimitRequest>;

/** POST /api/trading-limit-increase */
export const TradingLimitRequestSavedResponse = z.object({
  tradingLimitRequest: TradingLimitRequest,
  message: z.string(),
});
export type TradingLimitRequestSavedResponse = z.infer<typeof TradingLimitRequestSavedResponse>;

/** GET /api/user/index: everything the /meus-dados tabs show (the user is the same object as GET /api/user's). */
export const UserIndexResponse = z.object({
  user: User,
  company: Company.nullable(),
  addresses: z.array(Address),
  documents: z.array(DocumentInfo),
  bankingInformation: z.array(BankingInformation),
  tradingLimitRequests: z.array(TradingLimitRequest),
});
export type UserIndexResponse = z.infer<typeof UserIndexResponse>;
