import { z } from 'zod';
import { MESSAGES } from '../messages';
import { emailField, requiredText } from './common';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const CODE_LENGTH = 6;
export const CODE_RESEND_SECONDS = 60;

const newPassword = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .min(PASSWORD_MIN, MESSAGES.passwordMin)
    .max(PASSWORD_MAX, MESSAGES.passwordMax);

export const AccountTypeSchema = z.enum(['individual', 'company'], { error: MESSAGES.accountTypeInvalid });
export type AccountType = z.infer<typeof AccountTypeSchema>;

/** POST /api/register (multipart). */
export const RegisterRequest = z
  .object({
    name: requiredText(MESSAGES.fullNameRequired),
    email: emailField(),
    email_confirmation: emailField(),
    password: newPassword(MESSAGES.passwordRequiredRegister),
    password_confirmation: newPassword(MESSAGES.passwordRequiredRegister),
    account_type: AccountTypeSchema.default('individual'),
    coupon_code: z.string().trim().max(40).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.email.toLowerCase() !== v.email_confirmation.toLowerCase()) {
      ctx.addIssue({ code: 'custom', path: ['email_confirmation'], message: MESSAGES.emailConfirmationMismatch });
    }
    if (v.password !== v.password_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: MESSAGES.passwordsMustMatch });
    }
  });
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const LoginRequest = z.object({
  email: emailField(),
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(PASSWORD_MAX),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const VerificationMethodSchema = z.enum(['email', 'sms'], { error: MESSAGES.chooseOneOption });
export const VerificationMethodRequest = LoginRequest.extend({ verificationMethod: VerificationMethodSchema });
export type VerificationMethodRequest = z.infer<typeof VerificationMethodRequest>;

export const codeField = z
  .string({ error: MESSAGES.codeRequired })
  .trim()
  .min(1, MESSAGES.codeRequired)
  .regex(/^\d{6}$/, MESSAGES.codeInvalid);

export const VerificationCodeRequest = z.object({ email: emailField(), code: codeField });
export type VerificationCodeRequest = z.infer<typeof VerificationCodeRequest>;

export const EmailOnlyRequest = z.object({ email: emailField() });

export const PasswordResetRequest = z
  .object({
    token: z.string({ error: MESSAGES.passwordResetInvalid }).min(20, MESSAGES.passwordResetInvalid).max(200),
    email: emailField(),
    password: newPassword(MESSAGES.newPasswordRequired),
    password_confirmation: z.string({ error: MESSAGES.passwordsMustMatch }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: MESSAGES.passwordsMustMatch,
  });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;
