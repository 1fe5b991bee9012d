import { z } from 'zod';
import { isValidCpf } from '../documents/index';
import { onlyDigits } from '../text';
import { MESSAGES } from '../messages';
import { codeField } from './auth';
import {
  boolField,
  boundedString,
  celularField,
  cnpjField,
  emailField,
  isoDateField,
  optionalText,
  requiredText,
} from './common';

export const SEXOS = ['M', 'F', 'N'] as const;
export const ESTADOS_CIVIS = ['S', 'D', 'V', 'C', 'U', 'O'] as const;
/** Spouse fields apply only to these marital states (married, stable union). */
export const WITH_SPOUSE = ['C', 'U'] as const;
export const REGIMES_TRIBUTARIOS = ['simples', 'presumido', 'real'] as const;

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

const optionalIsoDate = boundedString({
  max: 10,
  tooLong: MESSAGES.birthDateInvalid,
  invalid: MESSAGES.birthDateInvalid,
})
  .nullish()
  .refine((v) => !v || /^\d{4}-\d{2}-\d{2}$/.test(v), MESSAGES.birthDateInvalid)
  .transform((v) => (v ? v : null));

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
  city_id: z.coerce.number({ error: MESSAGES.cityRequired }).int(MESSAGES.cityRequired).positive(MESSAGES.cityRequired),
  neighborhood: requiredText(MESSAGES.neighborhoodRequired, 120),
  street: requiredText(MESSAGES.streetRequired, 200),
  number: requiredText(MESSAGES.numberRequired, 20),
  unit: optionalText(120),
  other_info: optionalText(255, { multiline: true }),
});
export type AddressRequest = z.infer<typeof AddressRequest>;

/**
 * GET /api/cep/{cep}: what is known about a CEP. The embedded lookup knows only the state; a real service (ViaCEP)
 * also the city, and usually the street and neighbourhood (not for a CEP that covers a whole small town).
 */
export const CepLookupResponse = z.object({
  cep: z.string(),
  state: z.string(),
  city: z.object({ id: z.number(), name: z.string(), state: z.string(), description: z.string() }).nullable(),
  street: z.string().nullable(),
  neighborhood: z.string().nullable(),
});
export type CepLookupResponse = z.infer<typeof CepLookupResponse>;

/** PUT /api/user/fatca: all five answers are required. */
export const FatcaRequest = z.object({
  politicamente_exposto: boolField(MESSAGES.fatcaRequired),
  americano: boolField(MESSAGES.fatcaRequired),
  naturalizacao_americana: boolField(MESSAGES.fatcaRequired),
  caracteristica_us_person: boolField(MESSAGES.fatcaRequired),
  contribuinte_americano: boolField(MESSAGES.fatcaRequired),
});
export type FatcaRequest = z.infer<typeof FatcaRequest>;
