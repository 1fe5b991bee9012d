import { z } from 'zod';
import { isValidCnpj, isValidCpf, normalizeCnpj } from '../documents/index';
import { MESSAGES } from '../messages';
import { parseDecimal } from '../money/index';
import { onlyDigits } from '../text';
import { EMAIL_MAX, EMAIL_SHAPE, boundedString, cnpjField, optionalText, requiredText } from './common';
import { PASSWORD_MIN, passwordConfirmationField, passwordField } from './auth';

export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];
/** An individual cannot use a CNPJ key; a company cannot use a CPF key (spec 2 §5). */
export const PIX_KEY_TYPES_BY_ACCOUNT: Record<'individual' | 'company', readonly PixKeyType[]> = {
  individual: ['cpf', 'email'],
  company: ['cnpj', 'email'],
};
export const BANK_ACCOUNT_TYPES = ['checking', 'savings'] as const;

const digitsField = (max: number) =>
  boundedString({
    max: 32,
    required: MESSAGES.bankAccountNumberRequired,
    tooLong: MESSAGES.bankAccountNumberRequired,
    invalid: MESSAGES.bankAccountNumberRequired,
  }).transform((v, ctx) => {
    const digits = onlyDigits(v);
    if (!/^[\d\s.-]+$/.test(v) || digits.length === 0 || digits.length > max) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.bankAccountNumberRequired });
      return z.NEVER;
    }
    return digits;
  });

export const PixKeyRequest = z
  .object({
    type: z.literal('pix'),
    key_type: z.enum(PIX_KEY_TYPES, { error: MESSAGES.chooseOption }),
    key: boundedString({ max: EMAIL_MAX, required: MESSAGES.required }),
  })
  .superRefine((v, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['key'], message });
    if (v.key_type === 'cpf' && !isValidCpf(v.key)) issue(MESSAGES.pixCpfRequired);
    if (v.key_type === 'cnpj' && !isValidCnpj(v.key)) issue(MESSAGES.pixCnpjRequired);
    if (v.key_type === 'email') {
      if (!v.key) issue(MESSAGES.pixEmailRequired);
      else if (!EMAIL_SHAPE.test(v.key)) issue(MESSAGES.emailInvalid);
    }
  })
  .transform((v) => ({
    ...v,
    key:
      v.key_type === 'email' ? v.key.toLowerCase() : v.key_type === 'cnpj' ? normalizeCnpj(v.key) : onlyDigits(v.key),
  }));

export const BankAccountRequest = z.object({
  type: z.literal('account'),
  account_type: z.enum(BANK_ACCOUNT_TYPES, { error: MESSAGES.chooseOption }),
  bank_number: digitsField(3),
  branch_number: digitsField(6),
  account_number: digitsField(15),
});

/** POST /api/banking-information */
export const BankingInformationRequest = z.discriminatedUnion('type', [PixKeyRequest, BankAccountRequest], {
  error: MESSAGES.chooseOption,
});
export type BankingInformationRequest = z.infer<typeof BankingInformationRequest>;

/** A money amount typed on a form (dot- or comma-decimal), as centavos. */
export const moneyField = (required: string) =>
  z
    .union([boundedString({ max: 40, tooLong: MESSAGES.amountInvalid, invalid: MESSAGES.amountInvalid }), z.number()], {
      error: required,
    })
    .transform((v, ctx) => {
      const parsed = parseDecimal(v, { max: 1e13 });
      if (!parsed.ok) {
        // nothing typed and a zero are both "no amount" (spec 2 §5: required and not zero)
        const missing = parsed.reason === 'empty' || parsed.reason === 'zero';
        ctx.addIssue({ code: 'custom', message: missing ? required : MESSAGES.amountInvalid });
        return z.NEVER;
      }
      return parsed.minor;
    });

/** POST /api/trading-limit-increase (multipart; the files are checked by the server). */
export const TradingLimitIncreaseFields = z.object({
  new_limit: moneyField(MESSAGES.newLimitRequired),
  net_worth: moneyField(MESSAGES.netWorthRequired),
  monthly_income: moneyField(MESSAGES.monthlyIncomeRequired),
  profession: requiredText(MESSAGES.professionRequired, 120),
  company_name: requiredText(MESSAGES.companyNameRequired, 200),
  company_cnpj: cnpjField(),
  other_info: optionalText(2000, { multiline: true }),
});

/** A company asks in its own name: no profession, and the company is the account's own (its razão social and CNPJ). */
export const CompanyTradingLimitIncreaseFields = TradingLimitIncreaseFields.pick({
  new_limit: true,
  net_worth: true,
  monthly_income: true,
  other_info: true,
});

/**
 * What POST /api/trading-limit-increase accepts: a person's fields, of which a company sends none of profession,
 * company_name and company_cnpj. The server requires them of individuals and fills them in for companies.
 */
export const TradingLimitIncreaseRequest = TradingLimitIncreaseFields.partial({
  profession: true,
  company_name: true,
  company_cnpj: true,
});

/** What the three amounts hold once parsed (the request's schema, its files added, is renamed with it). */
export const TRADING_LIMIT_UNITS = {
  new_limit: 'new_limit_cents',
  net_worth: 'net_worth_cents',
  monthly_income: 'monthly_income_cents',
} as const;

/** PUT /api/password */
export const PasswordChangeRequest = z
  .object({
    password_current: passwordField(MESSAGES.currentPasswordRequired),
    password: passwordField(MESSAGES.newPasswordRequired).min(PASSWORD_MIN, MESSAGES.passwordMin),
    password_confirmation: passwordConfirmationField(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: MESSAGES.passwordsMustMatch,
  });
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequest>;

/** Operator decisions */
export const ReviewDecisionRequest = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve'), note: optionalText(500, { multiline: true }) }),
  z.object({ decision: z.literal('reject'), reason: requiredText(MESSAGES.reasonRequired, 500, { multiline: true }) }),
]);
